package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.OptionalInt;

/** Starts a {@code java} application the way its configuration names it: build, main or jar. */
final class JavaLauncher {
    private JavaLauncher() {
    }

    /** Starts it and returns once it serves; throws {@link KindException} with a start-failure message. */
    static RunningApplication launch(JavaApplicationConfig config, WorkerContext context) {
        return switch (config.entry()) {
            case BUILD -> HandlerServer.start(
                    BuildFunction.handlerOf(config.target(), ClassLoader.getSystemClassLoader(), context), context);
            case MAIN -> launchMain(config.target(), config.port(), context);
            case JAR -> launchJar(config.target(), config.port(), context);
        };
    }

    private static RunningApplication launchMain(String className, OptionalInt httpPort, WorkerContext context) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        Class<?> mainClass = ApplicationClass.load(className, "java.main", system, context,
                "check java.classpath in " + context.serviceDirectory());
        return WrappedApplication.start(MainMethod.of(mainClass, "java.main", context), system, "java.main", httpPort,
                context);
    }

    /** The jar need not be on the class path: its classes load through a loader over it, after the class path. */
    private static RunningApplication launchJar(String jar, OptionalInt httpPort, WorkerContext context) {
        Path path = JarMainClass.locate(jar, context);
        String className = JarMainClass.read(path, context);
        LauncherAgent.startIfAny(path, context);
        String namedBy = "the Main-Class of " + path;
        URL url;
        try {
            url = path.toUri().toURL();
        } catch (IOException e) {
            throw new KindException("the jar " + path + " of service \"" + context.serviceId()
                    + "\" has no usable URL: " + e.getMessage());
        }
        ClassLoader loader = new URLClassLoader(new URL[] {url}, ClassLoader.getSystemClassLoader());
        Class<?> mainClass = ApplicationClass.load(className, namedBy, loader, context,
                "check the jar's contents and java.classpath in " + context.serviceDirectory());
        return WrappedApplication.start(MainMethod.of(mainClass, namedBy, context), loader, namedBy, httpPort, context);
    }
}
