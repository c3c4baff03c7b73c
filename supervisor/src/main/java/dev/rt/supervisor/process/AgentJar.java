package dev.rt.supervisor.process;

import dev.rt.protocol.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.jar.JarEntry;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * Finds the worker agent jar that goes first on every worker's class path: the {@code rt.agent.jar} system
 * property when set, else the copy the CLI jar carries, extracted once to the user's cache directory under
 * its version, CRC-32 and size: a stable path for one build (so class-data sharing archives stay valid), and
 * two different builds of one version never hand each other's agent to their workers.
 *
 * <p>Inside the CLI jar the CRC and the size come from the jar's directory, so a start whose copy is already
 * extracted reads none of the agent's bytes (hashing them cost a fifth of a second of every start).
 *
 * <p>Each build leaves a directory (the agent, 2.4 MB, and the workers' class-data archive, ~16 MB). A start
 * marks its own as used now and removes those of other builds beyond the {@value #KEEP_OTHERS} most recently
 * used, unless used within {@link #RECENTLY_USED}. A supervisor whose copy went that way while it runs puts it
 * back before its next worker starts ({@link #restore}).
 */
public final class AgentJar {
    static final String RESOURCE = "/dev/rt/supervisor/rt-worker-agent.jar";
    static final String FILE_NAME = "rt-worker-agent.jar";
    static final int KEEP_OTHERS = 3;
    static final Duration RECENTLY_USED = Duration.ofHours(1);

    private AgentJar() {
    }

    public static Path locate(String rtVersion) {
        String property = System.getProperty("rt.agent.jar");
        if (property != null) {
            Path jar = Path.of(property);
            if (!Files.isRegularFile(jar)) {
                throw new RtException("RT_AGENT_JAR_MISSING", "the worker agent jar " + jar
                        + " named by -Drt.agent.jar does not exist (build it with mvn -pl worker-agent package)");
            }
            return jar;
        }
        URL resource = AgentJar.class.getResource(RESOURCE);
        if (resource == null) {
            throw new RtException("RT_AGENT_JAR_MISSING", "this rt build carries no worker agent jar ("
                    + RESOURCE + "); rebuild rt with mvn package");
        }
        Path cache = cacheDirectory();
        try {
            Path jar = extract(resource, cache, rtVersion);
            Instant now = Instant.now();
            markUsed(jar.getParent(), now);
            prune(cache, jar.getParent(), now);
            return jar;
        } catch (IOException e) {
            throw new RtException("RT_AGENT_JAR_MISSING", "cannot extract the worker agent jar to " + cache
                    + ": " + e.getMessage() + " (check XDG_CACHE_HOME or HOME)");
        }
    }

    /** Copies {@code resource} to {@code <cache>/<version>-<crc>-<size>/rt-worker-agent.jar} unless it is there. */
    static Path extract(URL resource, Path cache, String rtVersion) throws IOException {
        Identity identity = identify(resource);
        Path target = cache.resolve(rtVersion + "-" + identity.name()).resolve(FILE_NAME);
        if (Files.isRegularFile(target) && Files.size(target) == identity.size()) {
            return target; // written whole or not at all (moved into place), and named after its CRC and size
        }
        Files.createDirectories(target.getParent());
        Path temporary = Files.createTempFile(target.getParent(), "agent", ".jar");
        try (InputStream in = resource.openStream()) {
            Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
        return target;
    }

    /**
     * Removes the directories of other builds' agents in {@code cache}, all but the {@value #KEEP_OTHERS} most
     * recently used and those used within {@link #RECENTLY_USED} of {@code now}; only directories that hold an
     * agent jar, never {@code current}. What cannot be removed stays (another user's files, say).
     */
    static void prune(Path cache, Path current, Instant now) {
        List<Path> others;
        try (Stream<Path> entries = Files.list(cache)) {
            others = entries.filter(dir -> !dir.equals(current) && Files.isRegularFile(dir.resolve(FILE_NAME)))
                    .sorted(Comparator.comparing(AgentJar::lastUsed).reversed())
                    .toList();
        } catch (IOException e) {
            return;
        }
        Instant recent = now.minus(RECENTLY_USED);
        others.stream().skip(KEEP_OTHERS).filter(dir -> lastUsed(dir).isBefore(recent))
                .forEach(AgentJar::removeQuietly);
    }

    private static void markUsed(Path dir, Instant now) {
        try {
            Files.setLastModifiedTime(dir, FileTime.from(now));
        } catch (IOException e) {
            // a cache this user may read but not change: the copy is still usable
        }
    }

    private static Instant lastUsed(Path dir) {
        try {
            return Files.getLastModifiedTime(dir).toInstant();
        } catch (IOException e) {
            return Instant.MAX; // gone or unreadable: not for this start to remove
        }
    }

    private static void removeQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // left for a later start: a worker's archive being written, another user's file
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // the same
        }
    }

    /**
     * Puts the agent back when its copy has gone (removed by another build of rt after an hour unused, or by
     * hand) while this supervisor still starts workers with it: extracted again from the same CLI jar, it lands
     * at the same path.
     *
     * @throws RtException {@code RT_AGENT_JAR_MISSING} when it cannot be put back where it was
     */
    public static void restore(Path jar, String rtVersion) {
        restore(jar, () -> locate(rtVersion));
    }

    static void restore(Path jar, Supplier<Path> extract) {
        if (Files.isRegularFile(jar)) {
            return;
        }
        Path again = extract.get();
        if (!again.equals(jar)) {
            throw new RtException("RT_AGENT_JAR_MISSING", "the worker agent jar " + jar + " has been removed, and"
                    + " this rt's own jar has changed since it started (now " + again + "); restart rt");
        }
    }

    /** The CRC-32 and size of the resource: from the jar's directory when it is in a jar, else by reading it. */
    static Identity identify(URL resource) throws IOException {
        URLConnection connection = resource.openConnection();
        if (connection instanceof JarURLConnection jar) {
            jar.setUseCaches(false); // else the JarFile stays open, and a rebuilt CLI jar is read through it
            JarEntry entry = jar.getJarEntry();
            try {
                if (entry.getCrc() != -1 && entry.getSize() != -1) {
                    return new Identity(entry.getCrc(), entry.getSize());
                }
            } finally {
                jar.getJarFile().close();
            }
        }
        CRC32 crc = new CRC32();
        long size = 0;
        try (InputStream in = resource.openStream()) {
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
                size += n;
            }
        }
        return new Identity(crc.getValue(), size);
    }

    record Identity(long crc, long size) {
        String name() {
            return Long.toHexString(crc) + "-" + size;
        }
    }

    private static Path cacheDirectory() {
        Optional<String> xdg = Optional.ofNullable(System.getenv("XDG_CACHE_HOME")).filter(s -> !s.isBlank());
        return xdg.map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), ".cache")).resolve("rt");
    }
}
