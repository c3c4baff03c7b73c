package dev.rt.cli.project;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a service's plugin sources in this JVM with the JDK's compiler, as its Maven build would lay them out:
 * {@code src/main/java} into {@code target/classes}, {@code src/main/resources} copied beside, against the kind's
 * jars (which hold the plugin API). No build tool, no new JVM: a second or less for a few classes.
 */
public final class SourceCompiler {
    public static final String SOURCES = "src/main/java";
    public static final String RESOURCES = "src/main/resources";
    public static final String OUTPUT = "target/classes";

    /** What a compilation did: the sources compiled, and javac's messages (errors and warnings) with files and lines. */
    public record Result(boolean succeeded, int sources, String messages) {
    }

    private SourceCompiler() {
    }

    /** Whether {@code directory} holds sources this compiler builds. */
    public static boolean hasSources(Path directory) {
        return Files.isDirectory(directory.resolve(SOURCES));
    }

    /**
     * Compiles the sources of the service in {@code directory}.
     *
     * @param classPath what the sources compile against (the kind's jars)
     * @param clean     whether {@code target/classes} is emptied first
     */
    public static Result compile(Path directory, List<Path> classPath, boolean clean) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return new Result(false, 0, "this Java runtime has no compiler (javax.tools): run rt on a JDK, not a JRE\n");
        }
        Path output = directory.resolve(OUTPUT);
        try {
            if (clean) {
                delete(output);
            }
            Files.createDirectories(output);
            List<Path> sources = files(directory.resolve(SOURCES)).stream()
                    .filter(file -> file.toString().endsWith(".java")).toList();
            copyResources(directory.resolve(RESOURCES), output);
            if (sources.isEmpty()) {
                return new Result(true, 0, "");
            }
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
                List<String> options = new ArrayList<>(List.of("-d", output.toString(), "-encoding", "UTF-8", "-g",
                        "-parameters", "-proc:none", "-Xlint:all,-classfile,-processing", "--release", "17"));
                options.addAll(List.of("-classpath", classPath.stream().map(Path::toString)
                        .collect(Collectors.joining(File.pathSeparator))));
                StringWriter other = new StringWriter();
                boolean ok = javac.getTask(other, files, diagnostics, options, null,
                        files.getJavaFileObjectsFromPaths(sources)).call();
                return new Result(ok, sources.size(), describe(diagnostics, directory) + other);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compile " + directory + ": " + e.getMessage(), e);
        }
    }

    private static String describe(DiagnosticCollector<JavaFileObject> diagnostics, Path directory) {
        StringBuilder text = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
            String where = diagnostic.getSource() == null ? ""
                    : source(diagnostic.getSource(), directory) + ":" + diagnostic.getLineNumber() + ": ";
            text.append(where).append(diagnostic.getKind().toString().toLowerCase(Locale.ROOT)).append(": ")
                    .append(diagnostic.getMessage(Locale.ROOT)).append('\n');
        }
        return text.toString();
    }

    /** A source file relative to the service's directory; a class file in a jar as its URI. */
    private static String source(JavaFileObject file, Path directory) {
        java.net.URI uri = file.toUri();
        return "file".equals(uri.getScheme()) ? directory.relativize(Path.of(uri)).toString() : uri.toString();
    }

    private static void copyResources(Path resources, Path output) throws IOException {
        for (Path file : files(resources)) {
            Path target = output.resolve(resources.relativize(file).toString());
            Files.createDirectories(target.getParent());
            if (!Files.isRegularFile(target) || Files.mismatch(file, target) != -1) {
                Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static List<Path> files(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
