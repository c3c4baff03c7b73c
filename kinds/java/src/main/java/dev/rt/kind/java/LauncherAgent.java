package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Starts the {@code Launcher-Agent-Class} of a {@code java.jar} before its main class, as {@code java -jar} does: its
 * {@code agentmain(String, Instrumentation)} runs through the JDK's own entry point for it,
 * {@code sun.instrument.InstrumentationImpl.loadAgent}, which {@link ManifestOptions} exported to the class path. The
 * jar is on the worker's class path, where the agent class loads from.
 */
final class LauncherAgent {
    private LauncherAgent() {
    }

    static void startIfAny(Path jar, WorkerContext context) {
        String agentClass;
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            agentClass = manifest == null ? null : manifest.getMainAttributes().getValue(ManifestOptions.LAUNCHER_AGENT_CLASS);
        } catch (IOException e) {
            return; // reading its Main-Class reports it
        }
        if (agentClass == null || agentClass.isBlank()) {
            return;
        }
        String what = "the Launcher-Agent-Class " + agentClass.trim() + " of " + jar + " (service \""
                + context.serviceId() + "\")";
        Method loadAgent;
        try {
            loadAgent = Class.forName("sun.instrument.InstrumentationImpl", false, null).getMethod("loadAgent", String.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new KindException(what + " cannot start: this JVM has no java.instrument module (" + e + ")");
        }
        try {
            loadAgent.invoke(null, jar.toString());
        } catch (IllegalAccessException e) {
            throw new KindException(what + " cannot start: the worker lacks " + ManifestOptions.INSTRUMENT_EXPORT
                    + ", which rt adds for such a jar (" + e.getMessage() + ")");
        } catch (InvocationTargetException e) {
            Throwable failure = e.getCause();
            if (failure instanceof InternalError && failure.getMessage() == null) { // the JVM printed the cause
                throw new KindException(what + " failed: its agentmain threw (the exception is on the worker's"
                        + " stderr)");
            }
            failure.printStackTrace();
            throw new KindException(what + " threw " + failure + " (its stack trace is on the worker's stderr)");
        }
    }
}
