package dev.rt.agent;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/** Starts the application of a worker by kind; only {@code java} exists so far. */
final class ApplicationLauncher {
    static final String JAVA_KIND = "java";

    private final String workerName;

    ApplicationLauncher(String workerName) {
        this.workerName = workerName;
    }

    /** Starts it and returns once it serves; throws {@link AgentException} with a start-failure message. */
    RunningApplication launch(String kind, JsonNode settings, LaunchContext context) {
        if (!JAVA_KIND.equals(kind)) {
            throw AgentException.startFailed("service \"" + context.serviceId() + "\" is of kind \"" + kind
                    + "\", which this worker agent cannot start; it starts kind \"" + JAVA_KIND + "\"");
        }
        JavaApplicationConfig config = JavaApplicationConfig.from(settings, context);
        return switch (config.entry()) {
            case BUILD -> HandlerServer.start(
                    BuildFunction.handlerOf(config.target(), ClassLoader.getSystemClassLoader(), context),
                    workerName, context);
            case MAIN -> launchMain(config.target(), context);
            case JAR -> launchJar(config.target(), context);
        };
    }

    private static RunningApplication launchMain(String className, LaunchContext context) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        Class<?> mainClass = ApplicationClass.load(className, "java.main", system, context,
                "check java.classpath in " + context.serviceDirectory());
        return WrappedApplication.start(MainMethod.of(mainClass, "java.main", context), system, "java.main", context);
    }

    /** The jar need not be on the class path: its classes load through a loader over it, after the class path. */
    private static RunningApplication launchJar(String jar, LaunchContext context) {
        Path path = JarMainClass.locate(jar, context);
        String className = JarMainClass.read(path, context);
        String namedBy = "the Main-Class of " + path;
        URL url;
        try {
            url = path.toUri().toURL();
        } catch (IOException e) {
            throw AgentException.startFailed("the jar " + path + " of service \"" + context.serviceId()
                    + "\" has no usable URL: " + e.getMessage());
        }
        ClassLoader loader = new URLClassLoader(new URL[] {url}, ClassLoader.getSystemClassLoader());
        Class<?> mainClass = ApplicationClass.load(className, namedBy, loader, context,
                "check the jar's contents and java.classpath in " + context.serviceDirectory());
        return WrappedApplication.start(MainMethod.of(mainClass, namedBy, context), loader, namedBy, context);
    }
}
