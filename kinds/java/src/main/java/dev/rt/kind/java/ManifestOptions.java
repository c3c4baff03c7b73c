package dev.rt.kind.java;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * What {@code java -jar} takes from a jar's manifest that must be a JVM option of a worker running the jar from its
 * class path: {@code Add-Exports} and {@code Add-Opens} ({@code module/package} entries separated by spaces) become
 * {@code --add-exports}/{@code --add-opens module/package=ALL-UNNAMED}, {@code Enable-Native-Access: ALL-UNNAMED}
 * becomes {@code --enable-native-access=ALL-UNNAMED}, and a {@code Launcher-Agent-Class} needs the export of
 * {@code sun.instrument} through which {@link LauncherAgent} starts it. Like {@code java -jar}, entries that name no
 * module of the JVM, or no package of that module, are left out.
 */
final class ManifestOptions {
    static final Attributes.Name ADD_EXPORTS = new Attributes.Name("Add-Exports");
    static final Attributes.Name ADD_OPENS = new Attributes.Name("Add-Opens");
    static final Attributes.Name ENABLE_NATIVE_ACCESS = new Attributes.Name("Enable-Native-Access");
    static final Attributes.Name LAUNCHER_AGENT_CLASS = new Attributes.Name("Launcher-Agent-Class");
    static final String INSTRUMENT_EXPORT = "--add-exports=java.instrument/sun.instrument=ALL-UNNAMED";
    private static final String ALL_UNNAMED = "ALL-UNNAMED";

    private ManifestOptions() {
    }

    /** The options for {@code jar}; none when it cannot be read (the worker's start then says why). */
    static List<String> of(Path jar) {
        Manifest manifest;
        try (JarFile file = new JarFile(jar.toFile())) {
            manifest = file.getManifest();
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        return manifest == null ? List.of() : of(manifest.getMainAttributes());
    }

    static List<String> of(Attributes main) {
        List<String> options = new ArrayList<>();
        packages(main.getValue(ADD_EXPORTS)).forEach(p -> options.add("--add-exports=" + p + "=" + ALL_UNNAMED));
        packages(main.getValue(ADD_OPENS)).forEach(p -> options.add("--add-opens=" + p + "=" + ALL_UNNAMED));
        String nativeAccess = main.getValue(ENABLE_NATIVE_ACCESS);
        if (nativeAccess != null && nativeAccess.trim().equals(ALL_UNNAMED)) {
            options.add("--enable-native-access=" + ALL_UNNAMED);
        }
        String agent = main.getValue(LAUNCHER_AGENT_CLASS);
        if (agent != null && !agent.isBlank() && ModuleLayer.boot().findModule("java.instrument").isPresent()) {
            options.add(INSTRUMENT_EXPORT);
        }
        return options;
    }

    /** The {@code module/package} entries of an attribute whose module is in the JVM and holds the package. */
    private static List<String> packages(String value) {
        List<String> packages = new ArrayList<>();
        if (value == null) {
            return packages;
        }
        for (String entry : value.trim().split("\\s+")) {
            String[] parts = entry.split("/");
            if (parts.length == 2 && ModuleLayer.boot().findModule(parts[0])
                    .filter(module -> module.getDescriptor().packages().contains(parts[1])).isPresent()) {
                packages.add(entry);
            }
        }
        return packages;
    }
}
