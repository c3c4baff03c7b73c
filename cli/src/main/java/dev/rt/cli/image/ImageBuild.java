package dev.rt.cli.image;

import com.google.cloud.tools.jib.api.CacheDirectoryCreationException;
import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.InvalidImageReferenceException;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.JibContainer;
import com.google.cloud.tools.jib.api.JibContainerBuilder;
import com.google.cloud.tools.jib.api.LogEvent;
import com.google.cloud.tools.jib.api.RegistryException;
import com.google.cloud.tools.jib.api.RegistryImage;
import com.google.cloud.tools.jib.api.TarImage;
import com.google.cloud.tools.jib.api.buildplan.AbsoluteUnixPath;
import com.google.cloud.tools.jib.api.buildplan.FileEntriesLayer;
import com.google.cloud.tools.jib.api.buildplan.FilePermissions;
import com.google.cloud.tools.jib.api.buildplan.ImageFormat;
import com.google.cloud.tools.jib.api.buildplan.Port;
import com.google.cloud.tools.jib.frontend.CredentialRetrieverFactory;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.MetricsConfig;
import dev.rt.config.error.RtException;
import dev.rt.config.RuntimeConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Builds the image of a runtime with Jib's library: the base (a registry's, or a {@code docker save} tarball, read
 * offline), the layers of {@link ImageLayout}, {@code rt start} as the entry point run by a non-root user, the ports the
 * runtime listens on. Every file has Jib's fixed time and the image's creation time is the epoch, so the same inputs
 * give the same digest. The result goes to a registry or into a tarball that {@code podman load} (or {@code docker
 * load}) reads.
 */
public final class ImageBuild {
    /** Where the image goes: a registry, or a tarball named {@code reference}. */
    public record Target(String reference, Optional<Path> tar) {
    }

    /** What was built: the image's reference, its manifest's digest and its id (its configuration's digest). */
    public record Built(String reference, String digest, String imageId, List<String> layers) {
    }

    /**
     * A home for the user, who has none in the base; and no class-data archives: they are keyed to the image's own
     * {@code java}, which a build without a container engine cannot run, and writing them at the first exit would
     * take seconds of every container's grace period.
     */
    static final Map<String, String> ENVIRONMENT = Map.of("HOME", "/tmp", "RT_CLASS_DATA_SHARING", "false");

    private ImageBuild() {
    }

    /**
     * Builds the image of {@code config}'s runtime from rt's distribution at {@code rtHome} onto {@code base} (a
     * reference, or a path ending in .tar); says what it does on {@code out}.
     */
    public static Built build(RuntimeConfig config, Path rtHome, String base, Target target, PrintWriter out)
            throws IOException, InterruptedException {
        ImageSettings settings = ImageSettings.of(config);
        Path staged = Files.createTempDirectory("rt-image");
        try {
            ContainerConfiguration container = ContainerConfiguration.forImage(config);
            container.changes().forEach(change -> out.println("rt: the image's " + ImageLayout.CONFIGURATION + ": " + change));
            Map<Path, Path> generated = stage(config, container, settings, staged);
            ImageLayout layout = ImageLayout.of(config, rtHome, ImageIgnore.of(config.file().getParent()), generated);
            Consumer<LogEvent> log = event -> {
                if (event.getLevel() == LogEvent.Level.ERROR || event.getLevel() == LogEvent.Level.WARN) {
                    out.println("rt: jib: " + event.getMessage());
                }
            };
            JibContainerBuilder builder = from(base, log);
            List<String> names = new ArrayList<>();
            for (ImageLayout.Layer layer : layout.layers()) {
                if (!layer.entries().isEmpty()) {
                    builder.addFileEntriesLayer(layer(layer, settings.user()));
                    names.add(layer.name() + " (" + layer.entries().size() + " files)");
                }
            }
            builder.setEntrypoint(ImageLayout.RT_HOME + "/bin/rt", "start", "-c", layout.configuration())
                    .setWorkingDirectory(AbsoluteUnixPath.get(layout.workingDirectory()))
                    .setUser(settings.user())
                    .setEnvironment(ENVIRONMENT)
                    .setExposedPorts(ports(config))
                    .setFormat(ImageFormat.OCI);
            JibContainer built = builder.containerize(containerizer(target, base, log));
            return new Built(target.reference(), built.getDigest().toString(), built.getImageId().toString(), names);
        } catch (InvalidImageReferenceException e) {
            throw new RtException(ErrorCode.USAGE, "not an image reference: " + e.getMessage());
        } catch (RegistryException | ExecutionException | CacheDirectoryCreationException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new RtException(ErrorCode.IMAGE_BUILD_FAILED, "the image could not be built: " + cause.getMessage());
        } finally {
            deleteTree(staged);
        }
    }

    /** The files written for the image, by the path each stands for in the runtime's tree. */
    private static Map<Path, Path> stage(RuntimeConfig config, ContainerConfiguration container, ImageSettings settings,
            Path staged) throws IOException {
        Map<Path, Path> generated = new LinkedHashMap<>();
        Path runtimeDirectory = config.file().toAbsolutePath().normalize().getParent();
        Path configuration = staged.resolve("0-" + ImageLayout.CONFIGURATION);
        Files.writeString(configuration, container.json());
        generated.put(runtimeDirectory.resolve(ImageLayout.CONFIGURATION), configuration);
        Set<Path> directories = new LinkedHashSet<>(List.of(runtimeDirectory));
        config.services().forEach(service -> directories.add(service.directory().toAbsolutePath().normalize()));
        Set<String> secrets = new HashSet<>(settings.secrets());
        int n = 1;
        for (Path directory : directories) {
            Path env = directory.resolve(EnvFiles.NAME);
            if (Files.isRegularFile(env)) {
                Path copy = staged.resolve(n++ + "-" + EnvFiles.NAME);
                Files.writeString(copy, EnvFiles.withoutSecrets(env, secrets));
                generated.put(env, copy);
            }
        }
        return generated;
    }

    private static JibContainerBuilder from(String base, Consumer<LogEvent> log) throws InvalidImageReferenceException {
        if (isTarball(base)) {
            Path tar = Path.of(base);
            if (!Files.isRegularFile(tar)) {
                throw new RtException(ErrorCode.IMAGE_BUILD_FAILED, "the base image " + tar + " is not a file");
            }
            return Jib.from(TarImage.at(tar));
        }
        ImageReference reference = ImageReference.parse(base);
        return Jib.from(RegistryImage.named(reference).addCredentialRetriever(
                CredentialRetrieverFactory.forImage(reference, log).dockerConfig()));
    }

    private static Containerizer containerizer(Target target, String base, Consumer<LogEvent> log)
            throws InvalidImageReferenceException {
        ImageReference reference = ImageReference.parse(target.reference());
        Containerizer containerizer = target.tar().isPresent()
                ? Containerizer.to(TarImage.at(target.tar().get()).named(reference))
                : Containerizer.to(RegistryImage.named(reference).addCredentialRetriever(
                        CredentialRetrieverFactory.forImage(reference, log).dockerConfig()));
        return containerizer.setOfflineMode(target.tar().isPresent() && isTarball(base)).setToolName("rt")
                .addEventHandler(LogEvent.class, log);
    }

    static boolean isTarball(String base) {
        return base.endsWith(".tar") || base.endsWith(".tar.gz") || base.endsWith(".tgz");
    }

    private static FileEntriesLayer layer(ImageLayout.Layer layer, String user) throws IOException {
        FileEntriesLayer.Builder builder = FileEntriesLayer.builder().setName(layer.name());
        boolean owned = layer.entries().stream().allMatch(entry -> entry.target().startsWith(ImageLayout.APP + "/"));
        for (ImageLayout.Entry entry : layer.entries()) {
            FilePermissions permissions = Files.isDirectory(entry.source())
                    ? FilePermissions.DEFAULT_FOLDER_PERMISSIONS : permissions(entry.source());
            builder.addEntry(entry.source(), AbsoluteUnixPath.get(entry.target()), permissions,
                    FileEntriesLayer.DEFAULT_MODIFICATION_TIME, owned ? user : "0:0");
        }
        return builder.build();
    }

    /** The file's own permissions, writable by its owner only: an executable stays executable. */
    private static FilePermissions permissions(Path file) throws IOException {
        Set<PosixFilePermission> permissions = new HashSet<>(Files.getPosixFilePermissions(file));
        permissions.remove(PosixFilePermission.GROUP_WRITE);
        permissions.remove(PosixFilePermission.OTHERS_WRITE);
        permissions.add(PosixFilePermission.OWNER_READ);
        permissions.add(PosixFilePermission.GROUP_READ);
        permissions.add(PosixFilePermission.OTHERS_READ);
        return FilePermissions.fromPosixFilePermissions(permissions);
    }

    private static Set<Port> ports(RuntimeConfig config) {
        Set<Port> ports = new LinkedHashSet<>();
        if (config.server().port() > 0) {
            ports.add(Port.tcp(config.server().port()));
        }
        MetricsConfig metrics = config.sections().metrics();
        if (metrics.startsServer() && metrics.port() > 0) {
            ports.add(Port.tcp(metrics.port()));
        }
        return ports;
    }

    private static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
