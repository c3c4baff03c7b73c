package dev.rt.supervisor.process;

import dev.rt.protocol.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Finds the worker agent jar that goes first on every worker's class path: the {@code rt.agent.jar} system
 * property when set, else the copy the CLI jar carries, extracted once to the user's cache directory under
 * its version and a digest of its bytes: a stable path for one build (so class-data sharing archives stay
 * valid), and two different builds of one version never hand each other's agent to their workers.
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
        return extract(rtVersion);
    }

    private static Path extract(String rtVersion) {
        byte[] bytes;
        try (InputStream in = AgentJar.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new RtException("RT_AGENT_JAR_MISSING", "this rt build carries no worker agent jar ("
                        + RESOURCE + "); rebuild rt with mvn package");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new RtException("RT_AGENT_JAR_MISSING", "cannot read the worker agent jar from the rt jar: "
                    + e.getMessage());
        }
        Path target = cacheDirectory().resolve(rtVersion + "-" + digest(bytes)).resolve("rt-worker-agent.jar");
        try {
            if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                    && Arrays.equals(Files.readAllBytes(target), bytes)) {
                return target;
            }
            Files.createDirectories(target.getParent());
            Path temporary = Files.createTempFile(target.getParent(), "agent", ".jar");
            Files.write(temporary, bytes);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new RtException("RT_AGENT_JAR_MISSING", "cannot extract the worker agent jar to " + target + ": "
                    + e.getMessage() + " (check XDG_CACHE_HOME or HOME)");
        }
    }

    /** The first 12 hexadecimal digits of the SHA-256 of the jar: enough to tell builds apart. */
    static String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static Path cacheDirectory() {
        Optional<String> xdg = Optional.ofNullable(System.getenv("XDG_CACHE_HOME")).filter(s -> !s.isBlank());
        return xdg.map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), ".cache")).resolve("rt");
    }
}
