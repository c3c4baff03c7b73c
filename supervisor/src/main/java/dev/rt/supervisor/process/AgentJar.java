package dev.rt.supervisor.process;

import dev.rt.protocol.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Finds the worker agent jar that goes first on every worker's class path: the {@code rt.agent.jar} system
 * property when set, else the copy the CLI jar carries, extracted once per version to the user's cache
 * directory (a stable path, so class-data sharing archives stay valid).
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
        Path target = cacheDirectory().resolve(rtVersion).resolve("rt-worker-agent.jar");
        try (InputStream in = AgentJar.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new RtException("RT_AGENT_JAR_MISSING", "this rt build carries no worker agent jar ("
                        + RESOURCE + "); rebuild rt with mvn package");
            }
            byte[] bytes = in.readAllBytes();
            if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                    && java.util.Arrays.equals(Files.readAllBytes(target), bytes)) {
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

    private static Path cacheDirectory() {
        Optional<String> xdg = Optional.ofNullable(System.getenv("XDG_CACHE_HOME")).filter(s -> !s.isBlank());
        return xdg.map(Path::of).orElseGet(() -> Path.of(System.getProperty("user.home"), ".cache")).resolve("rt");
    }
}
