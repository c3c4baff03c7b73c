package dev.rt.cli.image;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Which files of a runtime go into its image, where, and in which layer, the layers that change least first: rt's
 * distribution, each service's dependencies (its jars), each service's own classes and files, the runtime's other
 * files, then the configuration (the runtime's, written for a container, each service's file and the {@code .env}
 * files without their secrets). Paths keep their places relative to one another under {@link #APP} (a class path
 * entry outside the runtime's directory, as the demo's, comes along at its relative place), so every relative path
 * of every configuration still holds. Files are listed in a fixed order, so the same inputs give the same image.
 */
public final class ImageLayout {
    /** Where the runtime and its services are in the image. */
    public static final String APP = "/app";
    /** Where rt's distribution is in the image. */
    public static final String RT_HOME = "/opt/rt";
    /** The runtime configuration written for a container, in the runtime's directory of the image. */
    public static final String CONFIGURATION = "rt.json";

    /** One file of the image: where it comes from, where it goes. */
    public record Entry(Path source, String target) {
    }

    /** A layer: its name (what it holds) and its files. */
    public record Layer(String name, List<Entry> entries) {
        public Layer {
            entries = List.copyOf(entries);
        }
    }

    private final Path root;
    private final Path runtimeDirectory;
    private final List<Layer> layers;

    private ImageLayout(Path root, Path runtimeDirectory, List<Layer> layers) {
        this.root = root;
        this.runtimeDirectory = runtimeDirectory;
        this.layers = List.copyOf(layers);
    }

    /**
     * The layout of {@code config}'s runtime; {@code generated} are the files written for the image (the configuration
     * and the {@code .env} files), each by the path in the runtime's tree it stands for.
     */
    static ImageLayout of(RuntimeConfig config, Path rtHome, ImageIgnore ignore, Map<Path, Path> generated) {
        Path runtimeDirectory = config.file().toAbsolutePath().normalize().getParent();
        Path root = root(config);
        ImageLayout empty = new ImageLayout(root, runtimeDirectory, List.of());
        Map<String, Entry> placed = new LinkedHashMap<>();
        List<Layer> layers = new ArrayList<>();
        layers.add(new Layer("rt", distribution(rtHome, placed)));
        List<Path> configurationFiles = new ArrayList<>(List.of(config.file().toAbsolutePath().normalize()));
        config.services().forEach(s -> configurationFiles.add(s.application().file().toAbsolutePath().normalize()));
        List<Layer> classes = new ArrayList<>();
        for (ServiceConfig service : config.services()) {
            List<Path> sources = new ArrayList<>(List.of(service.directory().toAbsolutePath().normalize()));
            service.application().classpath().forEach(entry -> sources.add(entry.toAbsolutePath().normalize()));
            service.preload().forEach(entry -> sources.add(entry.toAbsolutePath().normalize()));
            List<Entry> jars = new ArrayList<>();
            List<Entry> own = new ArrayList<>();
            for (Path source : sources) {
                for (Entry entry : empty.walk(source, ignore, configurationFiles, placed)) {
                    (entry.source().toString().endsWith(".jar") ? jars : own).add(entry);
                }
            }
            layers.add(new Layer("dependencies of " + service.id(), jars));
            classes.add(new Layer("classes of " + service.id(), own));
        }
        layers.addAll(classes);
        layers.add(new Layer("runtime files", empty.walk(runtimeDirectory, ignore, configurationFiles, placed)));
        List<Entry> configuration = new ArrayList<>();
        // the runtime's and the services' directories belong to the container's user, who may write there; first,
        // since the first entry of a path wins over the parents Jib adds for the files below it
        Set<Path> writable = new TreeSet<>(List.of(runtimeDirectory));
        config.services().forEach(service -> writable.add(service.directory().toAbsolutePath().normalize()));
        writable.forEach(directory -> configuration.add(new Entry(directory, empty.target(directory))));
        for (Path file : configurationFiles.subList(1, configurationFiles.size())) {
            configuration.add(new Entry(file, empty.target(file)));
        }
        generated.forEach((standsFor, file) -> configuration.add(new Entry(file, empty.target(standsFor))));
        layers.add(new Layer("configuration", configuration));
        return new ImageLayout(root, runtimeDirectory, layers);
    }

    /** The runtime's directory in the image of {@code config}'s runtime: the container's working directory. */
    public static String workingDirectory(RuntimeConfig config) {
        Path runtimeDirectory = config.file().toAbsolutePath().normalize().getParent();
        return new ImageLayout(root(config), runtimeDirectory, List.of()).workingDirectory();
    }

    /** The directory whose tree the image's {@link #APP} holds: the nearest above everything the runtime needs. */
    private static Path root(RuntimeConfig config) {
        List<Path> roots = new ArrayList<>(List.of(config.file().toAbsolutePath().normalize().getParent()));
        for (ServiceConfig service : config.services()) {
            roots.add(service.directory().toAbsolutePath().normalize());
            service.application().classpath().forEach(entry -> roots.add(entry.toAbsolutePath().normalize()));
            service.preload().forEach(entry -> roots.add(entry.toAbsolutePath().normalize()));
        }
        return commonAncestor(roots);
    }

    /** The layers, the least changing first. */
    public List<Layer> layers() {
        return layers;
    }

    /** The runtime's directory in the image: the container's working directory. */
    public String workingDirectory() {
        return target(runtimeDirectory);
    }

    /** The runtime configuration's path in the image. */
    public String configuration() {
        return workingDirectory() + "/" + CONFIGURATION;
    }

    private String target(Path file) {
        String relative = root.relativize(file).toString().replace('\\', '/');
        return relative.isEmpty() ? APP : APP + "/" + relative;
    }

    /** The files under {@code source} (or {@code source} itself), less those ignored, each placed once. */
    private List<Entry> walk(Path source, ImageIgnore ignore, List<Path> configurationFiles, Map<String, Entry> placed) {
        List<Entry> entries = new ArrayList<>();
        for (Path file : sorted(source)) {
            Path relative = relativeForIgnore(file);
            if (configurationFiles.contains(file) || file.getFileName().toString().equals(EnvFiles.NAME)
                    || excluded(relative, ignore)) {
                continue;
            }
            String target = target(file);
            if (!placed.containsKey(target)) {
                Entry entry = new Entry(file, target);
                placed.put(target, entry);
                entries.add(entry);
            }
        }
        return entries;
    }

    private Path relativeForIgnore(Path file) {
        return file.startsWith(runtimeDirectory) ? runtimeDirectory.relativize(file) : root.relativize(file);
    }

    private static boolean excluded(Path relative, ImageIgnore ignore) {
        for (int i = 1; i <= relative.getNameCount(); i++) {
            if (ignore.excludes(relative.subpath(0, i), i < relative.getNameCount())) {
                return true;
            }
        }
        return false;
    }

    /** rt's distribution, less its Maven repository (what {@code rt create}'s projects build against). */
    private static List<Entry> distribution(Path home, Map<String, Entry> placed) {
        List<Entry> entries = new ArrayList<>();
        for (Path file : sorted(home)) {
            Path relative = home.relativize(file);
            if (!relative.startsWith("maven")) {
                String target = RT_HOME + "/" + relative.toString().replace('\\', '/');
                Entry entry = new Entry(file, target);
                placed.put(target, entry);
                entries.add(entry);
            }
        }
        return entries;
    }

    /** The regular files under {@code path} (or {@code path}, a file), sorted; none when it does not exist. */
    private static List<Path> sorted(Path path) {
        if (Files.isRegularFile(path)) {
            return List.of(path);
        }
        if (!Files.isDirectory(path)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile).map(Path::normalize).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path commonAncestor(List<Path> paths) {
        Path common = paths.get(0);
        for (Path path : paths) {
            while (!path.startsWith(common)) {
                common = Optional.ofNullable(common.getParent()).orElseThrow();
            }
        }
        return Files.isRegularFile(common) ? common.getParent() : common;
    }
}
