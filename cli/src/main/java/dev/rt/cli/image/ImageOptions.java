package dev.rt.cli.image;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.Installation;
import dev.rt.config.error.RtException;
import dev.rt.config.RuntimeConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code rt build}'s image options ({@code --image}, {@code --base}, {@code --to}, {@code --tar}), a picocli mixin, and
 * the build they ask for: the command line wins over the configuration's {@code image} section.
 */
public final class ImageOptions {
    @Option(names = "--image", description = "Then build the OCI image of the runtime and all its services with Jib"
            + " (no container engine): to the registry of --to (or image.to), or into the tarball of --tar.")
    boolean image;

    @Option(names = "--base", paramLabel = "<image>", description = "The base image, with a JRE: a registry reference,"
            + " or a docker save tarball (.tar); default: image.base (eclipse-temurin:17-jre).")
    String base;

    @Option(names = "--to", paramLabel = "<registry/name:tag>", description = "Push the image there; default: image.to."
            + " With --tar, the name the tarball gives the image.")
    String to;

    @Option(names = "--tar", paramLabel = "<file>", description = "Write the image into this tarball instead of pushing"
            + " it (podman load -i <file> reads it).")
    Path tar;

    /** Whether {@code --image} was given; the other options without it are refused. */
    public boolean requested() {
        if (!image && (base != null || to != null || tar != null)) {
            throw new RtException(ErrorCode.USAGE, "--base, --to and --tar go with --image");
        }
        return image;
    }

    /** Builds the image of {@code config}'s runtime, as the options and the configuration say. */
    public ImageBuild.Built build(RuntimeConfig config, PrintWriter out) throws IOException, InterruptedException {
        ImageSettings settings = ImageSettings.of(config);
        Path home = Installation.home().orElseThrow(() -> new RtException(ErrorCode.IMAGE_BUILD_FAILED,
                "rt build --image copies rt's distribution into the image: run it from the distribution (bin/rt)"));
        Path directory = config.file().toAbsolutePath().getParent();
        String baseImage = base != null ? base : ImageBuild.isTarball(settings.base())
                ? directory.resolve(settings.base()).toString() : settings.base();
        Optional<String> reference = Optional.ofNullable(to).or(settings::to);
        if (tar == null && reference.isEmpty()) {
            throw new RtException(ErrorCode.USAGE, config.file() + ": /image/to: not set, and neither --to nor --tar was"
                    + " given: say where the image goes");
        }
        String name = reference.orElseGet(() -> defaultName(directory));
        out.println("rt: building the image " + name + " on " + baseImage + (tar != null ? " into " + tar : ""));
        out.flush();
        ImageBuild.Built built = ImageBuild.build(config, home, baseImage,
                new ImageBuild.Target(name, Optional.ofNullable(tar).map(Path::toAbsolutePath)), out);
        built.layers().forEach(layer -> out.println("  layer: " + layer));
        out.println("rt: built " + built.reference() + " " + built.digest() + " (image id " + built.imageId() + ")");
        return built;
    }

    /** The runtime directory's name as an image name: lower case, what a reference allows. */
    static String defaultName(Path directory) {
        String name = directory.getFileName() == null ? "rt" : directory.getFileName().toString()
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-").replaceAll("^[^a-z0-9]+", "");
        return (name.isEmpty() ? "rt" : name) + ":latest";
    }
}
