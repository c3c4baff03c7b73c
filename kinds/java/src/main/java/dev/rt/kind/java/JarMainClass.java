package dev.rt.kind.java;

import dev.rt.kind.KindException;
import dev.rt.kind.WorkerContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/** Reads the {@code Main-Class} of the runnable jar named by {@code java.jar}. */
final class JarMainClass {
    private JarMainClass() {
    }

    /** The jar's path: {@code java.jar} resolved against the service directory. */
    static Path locate(String jar, WorkerContext context) {
        Path path = context.serviceDirectory().resolve(jar).normalize();
        if (!Files.isRegularFile(path)) {
            throw new KindException("the jar " + path + " named by java.jar of service \""
                    + context.serviceId() + "\" does not exist (java.jar is relative to " + context.serviceDirectory()
                    + ")");
        }
        return path;
    }

    static String read(Path jar, WorkerContext context) {
        Manifest manifest;
        try (JarFile file = new JarFile(jar.toFile())) {
            manifest = file.getManifest();
        } catch (IOException e) {
            throw new KindException("the jar " + jar + " named by java.jar of service \""
                    + context.serviceId() + "\" cannot be read: " + e.getMessage() + "; check that it is a jar file");
        }
        String mainClass = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
        if (mainClass == null || mainClass.isBlank()) {
            throw new KindException("the jar " + jar + " named by java.jar of service \""
                    + context.serviceId() + "\" has no Main-Class in its manifest; build it as a runnable jar"
                    + " or use java.main with the class that starts the application");
        }
        return mainClass.trim();
    }
}
