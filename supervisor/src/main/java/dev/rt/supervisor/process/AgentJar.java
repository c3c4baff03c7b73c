package dev.rt.supervisor.process;

import dev.rt.protocol.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;

/**
 * Finds the worker agent jar that goes first on every worker's class path: the {@code rt.agent.jar} system
 * property when set, else the copy the CLI jar carries, extracted once to the user's cache directory under
 * its version, CRC-32 and size: a stable path for one build (so class-data sharing archives stay valid), and
 * two different builds of one version never hand each other's agent to their workers.
 *
 * <p>Inside the CLI jar the CRC and the size come from the jar's directory, so a start whose copy is already
 * extracted reads none of the agent's bytes (hashing them cost a fifth of a second of every start).
 */
public final class AgentJar {
    static final String RESOURCE = "/dev/rt/supervisor/rt-worker-agent.jar";

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
        try {
            return extract(resource, cacheDirectory(), rtVersion);
        } catch (IOException e) {
            throw new RtException("RT_AGENT_JAR_MISSING", "cannot extract the worker agent jar to " + cacheDirectory()
                    + ": " + e.getMessage() + " (check XDG_CACHE_HOME or HOME)");
        }
    }

    /** Copies {@code resource} to {@code <cache>/<version>-<crc>-<size>/rt-worker-agent.jar} unless it is there. */
    static Path extract(URL resource, Path cache, String rtVersion) throws IOException {
        Identity identity = identify(resource);
        Path target = cache.resolve(rtVersion + "-" + identity.name()).resolve("rt-worker-agent.jar");
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
