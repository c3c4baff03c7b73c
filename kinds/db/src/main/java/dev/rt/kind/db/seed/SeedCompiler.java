package dev.rt.kind.db.seed;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import dev.rt.kind.KindException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles one Java source file in memory, as {@code java File.java} does, against the classes a seed uses (the
 * kind's and the JDK's), and loads its first top-level class. A file that does not compile is refused with javac's
 * messages, each with its file and line.
 */
final class SeedCompiler {
    private SeedCompiler() {
    }

    static Class<?> compile(Path source, List<Class<?>> visible) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new KindException("cannot compile " + source + ": this Java runtime has no compiler (run rt on a JDK,"
                    + " not a JRE)");
        }
        String text;
        try {
            text = Files.readString(source, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new KindException("cannot read the seed file " + source + ": " + e.getMessage());
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        ForwardingJavaFileManager<StandardJavaFileManager> memory = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                    FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return classes.computeIfAbsent(className, k -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        JavaFileObject unit = new SimpleJavaFileObject(source.toUri(), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
        List<String> options = List.of("-classpath", classPath(visible), "-proc:none", "-Xlint:none", "-g");
        JavacTask task = (JavacTask) compiler.getTask(null, memory, diagnostics, options, null, List.of(unit));
        try {
            Optional<String> first = firstClass(task.parse());
            task.generate();
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(source.getFileName() + ":" + d.getLineNumber() + ": error: " + d.getMessage(Locale.ROOT));
                }
            }
            if (!errors.isEmpty() || first.isEmpty()) {
                throw new KindException("the seed file " + source + " does not compile:\n" + (errors.isEmpty()
                        ? "it declares no class" : String.join("\n", errors)));
            }
            return new MemoryClassLoader(classes, visible.get(0).getClassLoader()).loadClass(first.get());
        } catch (IOException | ClassNotFoundException e) {
            throw new KindException("cannot compile the seed file " + source + ": " + e.getMessage());
        }
    }

    private static Optional<String> firstClass(Iterable<? extends CompilationUnitTree> units) {
        for (CompilationUnitTree unit : units) {
            String pkg = unit.getPackageName() == null ? "" : unit.getPackageName() + ".";
            for (Tree type : unit.getTypeDecls()) {
                if (type instanceof ClassTree c) {
                    return Optional.of(pkg + c.getSimpleName());
                }
            }
        }
        return Optional.empty();
    }

    /** Where the classes a seed may use come from: each one's jar or class directory. */
    private static String classPath(List<Class<?>> visible) {
        List<String> entries = new ArrayList<>();
        for (Class<?> type : visible) {
            var codeSource = type.getProtectionDomain().getCodeSource();
            if (codeSource != null) {
                try {
                    String entry = Path.of(codeSource.getLocation().toURI()).toString();
                    if (!entries.contains(entry)) {
                        entries.add(entry);
                    }
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // a class from no file: the JDK's own are found without a class path entry
                }
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static final class MemoryClassLoader extends ClassLoader {
        private final Map<String, ByteArrayOutputStream> classes;

        MemoryClassLoader(Map<String, ByteArrayOutputStream> classes, ClassLoader parent) {
            super("rt-seed", parent);
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            ByteArrayOutputStream bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            byte[] code = bytes.toByteArray();
            return defineClass(name, code, 0, code.length);
        }
    }
}
