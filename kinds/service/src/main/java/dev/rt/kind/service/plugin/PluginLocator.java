package dev.rt.kind.service.plugin;

import dev.rt.kind.KindException;
import dev.rt.kind.service.config.ConfigValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds the plugins a service configuration names, in the order they register: {@code plugins.paths} first, in
 * order, then {@code plugins.packages}. A path is a plugin jar or class directory (one whose
 * {@code META-INF/services/dev.rt.service.ServicePlugin} lists its plugins), or a folder that is scanned for them
 * (see {@link FolderScan}). A package is a jar path, or a class name on the class path.
 */
public final class PluginLocator {
    private final Path directory;

    public PluginLocator(Path serviceDirectory) {
        this.directory = serviceDirectory;
    }

    public List<PluginLibrary> locate(Map<String, Object> plugins) {
        List<PluginLibrary> libraries = new ArrayList<>();
        List<Object> paths = ConfigValues.list(plugins.get("paths"));
        for (int i = 0; i < paths.size(); i++) {
            libraries.addAll(fromPath("/plugins/paths/" + i, paths.get(i)));
        }
        List<Object> packages = ConfigValues.list(plugins.get("packages"));
        for (int i = 0; i < packages.size(); i++) {
            libraries.add(fromPackage("/plugins/packages/" + i, packages.get(i)));
        }
        return List.copyOf(libraries);
    }

    private List<PluginLibrary> fromPath(String pointer, Object entry) {
        Map<String, Object> settings = entry instanceof String text ? Map.of("path", text) : ConfigValues.object(entry);
        String text = ConfigValues.string(settings, "path").orElseThrow();
        String options = OptionsJson.of(settings.get("options"));
        boolean encapsulate = ConfigValues.flag(settings, "encapsulate", true);
        Path path = resolve(pointer + (entry instanceof String ? "" : "/path"), text);
        if (ServicesFile.declares(path, ServicesFile.PLUGIN)) {
            return List.of(library(pointer, path, "", options, encapsulate));
        }
        if (!Files.isDirectory(path)) {
            throw KindException.at(pointer, "\"" + text + "\" lists no plugin: a plugin jar or class directory has a "
                    + "META-INF/services/" + ServicesFile.PLUGIN + " file naming its plugin classes; add it (or name"
                    + " the folder that holds such jars)");
        }
        List<PluginLibrary> found = new ArrayList<>();
        for (FolderScan.Found library : new FolderScan(settings, pointer).scan(path)) {
            found.add(library(pointer, library.location(), library.prefix(), options, encapsulate));
        }
        if (found.isEmpty()) {
            throw KindException.at(pointer, "the folder \"" + text + "\" holds no plugin jar or class directory (one"
                    + " with META-INF/services/" + ServicesFile.PLUGIN + "); build the plugins into it, or fix the path");
        }
        return found;
    }

    private PluginLibrary fromPackage(String pointer, Object entry) {
        Map<String, Object> settings = entry instanceof String text ? Map.of("name", text) : ConfigValues.object(entry);
        String name = ConfigValues.string(settings, "name").orElseThrow();
        String options = OptionsJson.of(settings.get("options"));
        String at = entry instanceof String ? pointer : pointer + "/name";
        if (name.endsWith(".jar") || name.contains("/")) {
            Path jar = resolve(at, name);
            if (!ServicesFile.declares(jar, ServicesFile.PLUGIN)) {
                throw KindException.at(at, "\"" + name + "\" lists no plugin in META-INF/services/"
                        + ServicesFile.PLUGIN + "; add that file, or name the plugin class instead");
            }
            return library(pointer, jar, "", options, true);
        }
        if (!Pattern.matches("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*(\\.[\\p{javaJavaIdentifierStart}]"
                + "[\\p{javaJavaIdentifierPart}]*)*", name)) {
            throw KindException.at(at, "\"" + name + "\" is neither a jar (a path ending in .jar) nor a class name;"
                    + " name the plugin's jar or its class");
        }
        return new PluginLibrary(pointer, Optional.empty(), List.of(name), "", options, true);
    }

    private PluginLibrary library(String pointer, Path location, String prefix, String options, boolean encapsulate) {
        try {
            List<String> classes = ServicesFile.classes(location, ServicesFile.PLUGIN);
            if (classes.isEmpty()) {
                throw KindException.at(pointer, location + ": its META-INF/services/" + ServicesFile.PLUGIN
                        + " names no class; list the plugin classes in it, one a line");
            }
            return new PluginLibrary(pointer, Optional.of(location), classes, prefix, options, encapsulate);
        } catch (IOException e) {
            throw KindException.at(pointer, "cannot read " + location + ": " + e.getMessage());
        }
    }

    private Path resolve(String pointer, String text) {
        Path path;
        try {
            path = directory.resolve(text).normalize();
        } catch (InvalidPathException e) {
            throw KindException.at(pointer, "\"" + text + "\" is not a usable path: " + e.getReason());
        }
        if (!Files.exists(path)) {
            throw KindException.at(pointer, "\"" + text + "\" does not exist (looked for " + path + "); build the"
                    + " plugins first (mvn package) or fix the path");
        }
        return path;
    }
}
