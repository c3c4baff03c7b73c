package dev.rt.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

/**
 * The base image of the tests, since no image registry is reachable here: Debian's minbase ({@code debootstrap
 * --variant=minbase}) with a JRE and tini, as a {@code docker save} tarball (one layer, the root file system as GNU tar
 * writes it, numeric owners). Built once and kept under target/ by a key of its inputs (suite, packages, mirror), so a
 * second run of the tests, or a second test JVM, reuses it; the root file system is removed once packed. On these
 * machines it takes 3 to 14 minutes, most of it debootstrap fetching one package after another.
 */
final class BaseImage {
    static final String SUITE = "bookworm";
    /** A JRE; tini, which bin/rt runs under as process 1; curl, which podman kube play runs an httpGet probe with. */
    static final String PACKAGES = "openjdk-17-jre-headless,tini,curl";
    static final String MIRROR = System.getenv().getOrDefault("RT_DEBIAN_MIRROR", "http://deb.debian.org/debian");
    private static final Duration BUILD_LIMIT = Duration.ofMinutes(15);
    private static Path built;

    private BaseImage() {
    }

    /** The tarball, built on first use. */
    static synchronized Path tarball() throws IOException, InterruptedException {
        if (built == null) {
            built = build();
        }
        return built;
    }

    private static Path build() throws IOException, InterruptedException {
        String key = sha256(String.join("\n", "1", SUITE, PACKAGES, MIRROR)).substring(0, 16);
        Path directory = Rt.WORK.resolve("base-image").resolve(key);
        Path tarball = directory.resolve("base.tar");
        if (Files.isRegularFile(tarball)) {
            return tarball;
        }
        Path rootfs = directory.resolve("rootfs");
        Rt.Commands.run(Rt.WORK, Duration.ofMinutes(1), List.of("rm", "-rf", directory.toString())).assertOk();
        Files.createDirectories(directory);
        Rt.Commands.run(directory, BUILD_LIMIT, List.of("debootstrap", "--variant=minbase", "--include=" + PACKAGES,
                SUITE, rootfs.toString(), MIRROR)).assertOk();
        // what a container never reads: downloaded packages, package lists, documentation
        Rt.Commands.run(rootfs, Duration.ofMinutes(1), List.of("sh", "-c", "rm -rf var/cache/apt/archives/*.deb "
                + "var/lib/apt/lists/* usr/share/doc usr/share/man usr/share/locale")).assertOk();
        Path layer = directory.resolve("layer.tar");
        Rt.Commands.run(directory, Duration.ofMinutes(5), List.of("tar", "--numeric-owner", "--sort=name",
                "--mtime=@0", "-C", rootfs.toString(), "-cf", layer.toString(), ".")).assertOk();
        String diffId = "sha256:" + sha256(layer);
        Files.writeString(directory.resolve("config.json"), """
                {"architecture": "amd64", "os": "linux",
                 "config": {"Env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]},
                 "rootfs": {"type": "layers", "diff_ids": ["%s"]}}
                """.formatted(diffId));
        Files.writeString(directory.resolve("manifest.json"), """
                [{"Config": "config.json", "RepoTags": ["localhost/rt-test-base:%s"], "Layers": ["layer.tar"]}]
                """.formatted(SUITE));
        Path partial = directory.resolve("base.tar.partial");
        Rt.Commands.run(directory, Duration.ofMinutes(5), List.of("tar", "-cf", partial.toString(), "manifest.json",
                "config.json", "layer.tar")).assertOk();
        Rt.Commands.run(directory, Duration.ofMinutes(1), List.of("rm", "-rf", rootfs.toString(), layer.toString()))
                .assertOk();
        Files.move(partial, tarball);
        return tarball;
    }

    private static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = digest();
            byte[] buffer = new byte[1 << 16];
            for (int read; (read = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        }
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
