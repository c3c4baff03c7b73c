package dev.rt.kind.service.plugin;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Reads what a jar or class directory declares: the classes listed in its {@code META-INF/services/<interface>}
 * file (the {@link java.util.ServiceLoader} format: one class a line, {@code #} comments), and the jars its manifest's
 * {@code Class-Path} names.
 */
final class ServicesFile {
    static final String PLUGIN = "dev.rt.service.ServicePlugin";
    static final String ERROR_HANDLER = "dev.rt.service.ErrorHandler";

    private ServicesFile() {
    }

    /** Whether {@code location} is a jar or a class directory that lists implementations of {@code service}. */
    static boolean declares(Path location, String service) {
        return read(location, "META-INF/services/" + service).isPresent();
    }

    /** The classes listed, in order; empty when the file is missing. */
    static List<String> classes(Path location, String service) throws IOException {
        Optional<String> text = read(location, "META-INF/services/" + service);
        List<String> names = new ArrayList<>();
        text.ifPresent(t -> t.lines().map(line -> line.replaceFirst("#.*", "").strip())
                .filter(line -> !line.isEmpty()).forEach(names::add));
        return names;
    }

    /** The jars a jar's manifest {@code Class-Path} names, resolved against the jar's directory. */
    static List<Path> manifestClassPath(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return List.of();
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            String value = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (value == null) {
                return List.of();
            }
            List<Path> paths = new ArrayList<>();
            for (String entry : value.trim().split("\\s+")) {
                if (!entry.isEmpty() && !entry.contains(":")) {
                    paths.add(jar.getParent().resolve(entry.replace('/', File.separatorChar)).normalize());
                }
            }
            return paths;
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A resource of a jar or class directory as text. */
    static Optional<String> read(Path location, String resource) {
        try {
            if (Files.isDirectory(location)) {
                Path file = location.resolve(resource);
                return Files.isRegularFile(file) ? Optional.of(Files.readString(file)) : Optional.empty();
            }
            if (!Files.isRegularFile(location)) {
                return Optional.empty();
            }
            try (JarFile jar = new JarFile(location.toFile())) {
                ZipEntry entry = jar.getEntry(resource);
                if (entry == null) {
                    return Optional.empty();
                }
                try (InputStream in = jar.getInputStream(entry)) {
                    return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
