package dev.rt.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The base image of the tests, since no image registry is reachable here: Debian's Essential packages (what
 * {@code debootstrap --variant=minbase} installs, less apt) with {@link #PACKAGES}, made of the files dpkg installed
 * for them on this machine ({@link HostPackages}), as a {@code docker save} tarball of one layer (numeric owners,
 * sorted, one time), each checked against dpkg's digests ({@link #verify}). The issue asked for
 * {@code debootstrap --variant=minbase}: it installs the same packages, but downloads and unpacks them one after
 * another: {@code debootstrap --variant=minbase --include=openjdk-17-jre-headless,tini,curl bookworm} took 743 s on this
 * project's CI machine on 2026-12-08 (134 packages, at a load of about 20), 4 to 14 minutes on earlier fresh ones.
 * Cached under ~/.cache it would be once per machine, but every CI run is on a fresh machine, and that is half the
 * suite's 25-minute budget; this took 33 s at such a load and downloads nothing (docs/deployment.md says so too). Built once and kept under target/ by a key of the packages and their versions, so a second run of the tests
 * reuses it; the image's JRE is this machine's.
 */
final class BaseImage {
    /** A JRE; tini, which bin/rt runs under as process 1; curl, which podman kube play runs an httpGet probe with. */
    static final List<String> PACKAGES = List.of("openjdk-17-jre-headless", "tini", "curl");
    /** What a container never reads. */
    private static final List<String> LEFT_OUT = List.of("/usr/share/doc/", "/usr/share/man/", "/usr/share/locale/",
            "/usr/share/info/", "/var/cache/", "/var/lib/apt/");
    private static final Duration LIMIT = Duration.ofMinutes(5);
    private static Path built;

    private BaseImage() {
    }

    /** The tarball, built on first use. */
    static synchronized Path tarball() throws IOException, InterruptedException {
        if (built == null) {
            long building = System.nanoTime();
            built = build();
            System.out.println("image: the base image took " + (System.nanoTime() - building) / 1_000_000 + " ms, "
                    + Files.size(built) / (1 << 20) + " MiB");
        }
        return built;
    }

    private static Path build() throws IOException, InterruptedException {
        HostPackages host = HostPackages.read();
        List<String> roots = new ArrayList<>(host.essential());
        roots.addAll(PACKAGES);
        List<HostPackages.Installed> packages = host.closure(roots);
        String key = sha256(("3\n" + packages.stream().map(p -> p.name() + " " + p.version())
                .collect(Collectors.joining("\n"))).getBytes(StandardCharsets.UTF_8)).substring(0, 16);
        Path directory = Rt.WORK.resolve("base-image").resolve(key);
        Path tarball = directory.resolve("base.tar");
        if (Files.isRegularFile(tarball)) {
            return tarball;
        }
        Rt.Commands.run(Rt.WORK, LIMIT, List.of("rm", "-rf", directory.toString())).assertOk();
        verify(packages);
        Path own = Files.createDirectories(directory.resolve("own/etc"));
        // the accounts and name lookup a base system's maintainer scripts would have written
        Files.writeString(own.resolve("passwd"), "root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:"
                + "/nonexistent:/usr/sbin/nologin\n");
        Files.writeString(own.resolve("group"), "root:x:0:\nnogroup:x:65534:\n");
        Files.writeString(own.resolve("nsswitch.conf"), "passwd: files\ngroup: files\nhosts: files dns\n");
        Set<Path> files = new TreeSet<>(HostPackages.files(packages));
        files.addAll(generated(files));
        files.removeIf(f -> LEFT_OUT.stream().anyMatch(f.toString()::startsWith));
        Path list = directory.resolve("files");
        Files.write(list, files.stream().map(f -> f.toString().substring(1) + "\0").collect(Collectors.joining())
                .getBytes(StandardCharsets.UTF_8));
        Path layer = directory.resolve("layer.tar");
        Rt.Commands.run(directory, LIMIT, List.of("tar", "--numeric-owner", "--no-recursion", "--mtime=@0", "-cf",
                layer.toString(), "-C", "/", "--null", "--verbatim-files-from", "-T", list.toString(), "-C",
                own.getParent().toString(), "etc/passwd", "etc/group", "etc/nsswitch.conf")).assertOk();
        String diffId = "sha256:" + sha256(layer);
        Files.writeString(directory.resolve("config.json"), """
                {"architecture": "amd64", "os": "linux",
                 "config": {"Env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]},
                 "rootfs": {"type": "layers", "diff_ids": ["%s"]}}
                """.formatted(diffId));
        Files.writeString(directory.resolve("manifest.json"), """
                [{"Config": "config.json", "RepoTags": ["localhost/rt-test-base:%s"], "Layers": ["layer.tar"]}]
                """.formatted(key));
        Path partial = directory.resolve("base.tar.partial");
        Rt.Commands.run(directory, LIMIT, List.of("tar", "-cf", partial.toString(), "manifest.json", "config.json",
                "layer.tar")).assertOk();
        Files.delete(layer);
        Files.move(partial, tarball);
        return tarball;
    }

    /**
     * Refuses a base whose files are not what Debian's packages shipped: {@code dpkg --verify} checks every file of
     * {@code packages} against the digest in dpkg's database and prints those that differ (a configuration file an
     * administrator changed is marked {@code c} and goes in as it is, as it would on any Debian system; a file the
     * machine does not have, such as documentation left out by dpkg's path excludes, is left out of the base too).
     */
    private static void verify(List<HostPackages.Installed> packages) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("dpkg", "--verify"));
        packages.forEach(p -> command.add(p.name()));
        List<String> changed = Rt.Commands.run(Rt.WORK, LIMIT, command).out().lines()
                .filter(line -> line.matches("^\\S{9} {3}/.*") && line.charAt(2) == '5').toList();
        if (!changed.isEmpty()) {
            throw new IllegalStateException("the base would not be Debian's packages as shipped; dpkg --verify: "
                    + changed);
        }
    }

    /**
     * What the packages' maintainer scripts made rather than shipped, which the image needs too: the merged /usr's
     * links (/bin is usr/bin), the alternatives that lead into the packages' files (java), the certificates
     * (Java's among them) and the dynamic linker's cache.
     */
    private static Set<Path> generated(Set<Path> files) throws IOException {
        Set<Path> more = new TreeSet<>();
        for (String top : List.of("/bin", "/sbin", "/lib", "/lib64")) {
            if (Files.isSymbolicLink(Path.of(top))) {
                more.add(Path.of(top));
            }
        }
        try (Stream<Path> admin = Files.list(Path.of("/var/lib/dpkg/alternatives"))) {
            for (Path file : admin.toList()) {
                alternatives(file, files, more);
            }
        }
        Path certificates = Path.of("/etc/ssl/certs");
        if (files.contains(certificates)) {
            try (Stream<Path> walk = Files.walk(certificates)) {
                walk.forEach(more::add);
            }
        }
        if (Files.exists(Path.of("/etc/ld.so.cache"), LinkOption.NOFOLLOW_LINKS)) {
            more.add(Path.of("/etc/ld.so.cache"));
        }
        return more;
    }

    /**
     * The links of one alternative (dpkg's administrative file: its mode, the master link, then pairs of a slave's
     * name and link up to a blank line) that lead into {@code files}: the link (/usr/bin/java) and its target under
     * /etc/alternatives.
     */
    private static void alternatives(Path admin, Set<Path> files, Set<Path> more) throws IOException {
        List<String> lines = Files.readAllLines(admin);
        List<String[]> links = new ArrayList<>();
        if (lines.size() > 1) {
            links.add(new String[] {admin.getFileName().toString(), lines.get(1)});
        }
        for (int i = 2; i + 1 < lines.size() && !lines.get(i).isEmpty(); i += 2) {
            links.add(new String[] {lines.get(i), lines.get(i + 1)});
        }
        for (String[] link : links) {
            Path chosen = Path.of("/etc/alternatives", link[0]);
            Path path = Path.of(link[1]);
            if (Files.isSymbolicLink(chosen) && Files.exists(chosen) && files.contains(chosen.toRealPath())
                    && Files.isSymbolicLink(path)) {
                more.add(chosen);
                more.add(path.getParent().toRealPath().resolve(path.getFileName()));
            }
        }
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
