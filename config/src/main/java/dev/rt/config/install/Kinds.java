package dev.rt.config.install;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.kind.Kind;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The kinds installed: each directory {@code <root>/<name>/lib/} under the {@linkplain Installation#kindRoots kind
 * roots} holds a kind's jars, and beside {@code lib/} an optional text file {@code aliases} names, one per line, the
 * other kinds those jars also implement (the {@code composer} of the {@code gateway} module: one copy of the jars
 * for both). Listing them reads directory names and those files only; a directory's jars are opened, in a class
 * loader of their own, the first time a configuration of one of its kinds is read. The first root that has a name
 * wins.
 */
public final class Kinds {
    private static final Map<List<Path>, Kinds> BY_ROOTS = new ConcurrentHashMap<>();

    private final Map<String, Path> libraries;
    private final Map<String, InstalledKind> loaded = new ConcurrentHashMap<>();
    private final Map<Path, URLClassLoader> loaders = new ConcurrentHashMap<>();

    private Kinds(Map<String, Path> libraries) {
        this.libraries = libraries;
    }

    /** The kinds of this installation (see {@link Installation#kindRoots()}). */
    public static Kinds installed() {
        return in(Installation.kindRoots());
    }

    public static Kinds in(List<Path> roots) {
        return BY_ROOTS.computeIfAbsent(List.copyOf(roots), Kinds::discover);
    }

    private static Kinds discover(List<Path> roots) {
        Map<String, Path> libraries = new LinkedHashMap<>();
        for (Path root : roots) {
            try (Stream<Path> entries = Files.list(root)) {
                entries.filter(dir -> Files.isDirectory(dir.resolve("lib"))).sorted().forEach(dir -> {
                    libraries.putIfAbsent(dir.getFileName().toString(), dir.resolve("lib"));
                    aliases(dir).forEach(alias -> libraries.putIfAbsent(alias, dir.resolve("lib")));
                });
            } catch (IOException e) {
                // a root that does not exist holds no kind
            }
        }
        return new Kinds(libraries);
    }

    private static List<String> aliases(Path dir) {
        Path file = dir.resolve("aliases");
        try {
            return Files.isRegularFile(file) ? Files.readAllLines(file).stream().map(String::strip)
                    .filter(name -> name.matches("[a-z0-9]+")).toList() : List.of();
        } catch (IOException e) {
            return List.of(); // unreadable: the directory's own kind is still there
        }
    }

    /** The names of the installed kinds, in order. */
    public List<String> names() {
        return List.copyOf(libraries.keySet());
    }

    /**
     * The kind of that name, loaded on first use.
     *
     * @throws RtException {@code RT_KIND_BROKEN} when its directory holds no usable kind of that name
     */
    public Optional<InstalledKind> find(String name) {
        Path lib = libraries.get(name);
        return lib == null ? Optional.empty() : Optional.of(loaded.computeIfAbsent(name, n -> load(n, lib)));
    }

    private InstalledKind load(String name, Path lib) {
        List<Path> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw broken(name, lib, "cannot list it: " + e.getMessage());
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw broken(name, lib, "cannot use " + jar + ": " + e.getMessage());
            }
        }
        URLClassLoader loader = loaders.computeIfAbsent(lib, l -> new URLClassLoader("rt-kind-" + name,
                urls.toArray(URL[]::new), Kinds.class.getClassLoader()));
        try {
            for (Kind kind : ServiceLoader.load(Kind.class, loader)) {
                if (kind.name().equals(name)) {
                    return new InstalledKind(kind, jars);
                }
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw broken(name, lib, "its jars cannot be loaded: " + e);
        }
        throw broken(name, lib, "its jars list no dev.rt.kind.Kind named \"" + name + "\" in"
                + " META-INF/services/dev.rt.kind.Kind");
    }

    private static RtException broken(String name, Path lib, String why) {
        return new RtException(ErrorCode.KIND_BROKEN, "the kind \"" + name + "\" in " + lib + " is broken: " + why
                + "; reinstall rt");
    }
}
