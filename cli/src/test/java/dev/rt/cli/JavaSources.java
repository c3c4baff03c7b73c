package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles generated Java sources with javac (every lint, warnings as errors) and calls a static method of them. */
final class JavaSources {
    private JavaSources() {
    }

    static Path compile(Path sources, Path output) throws Exception {
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(sources)) {
            walk.filter(f -> f.toString().endsWith(".java")).forEach(f -> files.add(f.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter messages = new StringWriter();
        List<String> arguments = new ArrayList<>(List.of("-d", output.toString(), "-classpath", output.toString(), "-Xlint:all", "-Werror",
                "--release", "17", "-proc:none"));
        arguments.addAll(files);
        java.io.PrintStream stream = new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                messages.write(b);
            }
        }, true, java.nio.charset.StandardCharsets.UTF_8);
        int status = javac.run(null, stream, stream, arguments.toArray(String[]::new));
        assertThat(status).as("javac of " + sources + ":\n" + messages).isZero();
        assertThat(messages.toString()).isEmpty();
        return output;
    }

    /** Calls {@code className.method(String)} of the compiled classes, returning what it returns. */
    static Object call(Path classes, String className, String method, String argument) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                JavaSources.class.getClassLoader())) {
            Method target = loader.loadClass(className).getMethod(method, String.class);
            return target.invoke(null, argument);
        }
    }
}
