package dev.rt.config.install;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where rt's parts are: the distribution's home ({@code bin/}, {@code lib/rt.jar}, {@code agent/}, {@code kinds/}),
 * found from the jar this class was loaded from, and the places a build or a test puts them instead
 * ({@code -Drt.home}, {@code -Drt.kinds.path}, {@code -Drt.agent.jar}).
 */
public final class Installation {
    /** The distribution's home directory, when rt does not run from {@code <home>/lib/rt.jar}. */
    public static final String HOME_PROPERTY = "rt.home";
    /** Directories holding kinds as {@code <name>/lib/*.jar}, separated like a class path; replaces {@code <home>/kinds}. */
    public static final String KINDS_PROPERTY = "rt.kinds.path";
    /** The worker agent jar; replaces {@code <home>/agent/rt-worker-agent.jar}. */
    public static final String AGENT_PROPERTY = "rt.agent.jar";
    /** The OpenTelemetry Java agent of traced workers; replaces {@code <home>/agent/opentelemetry-javaagent.jar}. */
    public static final String TELEMETRY_AGENT_PROPERTY = "rt.telemetry.agent.jar";
    /** rt's extension of that agent; replaces {@code <home>/agent/rt-telemetry-extension.jar}. */
    public static final String TELEMETRY_EXTENSION_PROPERTY = "rt.telemetry.extension.jar";

    private Installation() {
    }

    /** The distribution's home: {@code -Drt.home}, else the directory above the {@code lib/} holding rt's jar. */
    public static Optional<Path> home() {
        String property = System.getProperty(HOME_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Optional.of(Path.of(property).toAbsolutePath().normalize());
        }
        try {
            Path jar = Path.of(Installation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path lib = jar.getParent();
            if (Files.isRegularFile(jar) && lib != null && lib.getFileName() != null
                    && lib.getFileName().toString().equals("lib") && lib.getParent() != null) {
                return Optional.of(lib.getParent());
            }
        } catch (URISyntaxException | RuntimeException e) {
            // no code source (a custom loader): no home
        }
        return Optional.empty();
    }

    /** The directories kinds are read from, in order: {@code -Drt.kinds.path}, else {@code <home>/kinds}. */
    public static List<Path> kindRoots() {
        String property = System.getProperty(KINDS_PROPERTY);
        if (property != null) {
            return Arrays.stream(property.split(File.pathSeparator)).filter(s -> !s.isBlank())
                    .map(s -> Path.of(s).toAbsolutePath().normalize()).toList();
        }
        return home().map(h -> List.of(h.resolve("kinds"))).orElse(List.of());
    }

    /**
     * The worker agent jar: {@code -Drt.agent.jar}, else {@code <home>/agent/rt-worker-agent.jar}.
     *
     * @throws RtException {@code RT_AGENT_JAR_MISSING} when it is not there
     */
    public static Path agentJar() {
        return agentFile(AGENT_PROPERTY, "rt-worker-agent.jar", "the worker agent jar");
    }

    /**
     * The OpenTelemetry Java agent that workers of traced services get: {@code -Drt.telemetry.agent.jar}, else
     * {@code <home>/agent/opentelemetry-javaagent.jar}.
     *
     * @throws RtException {@code RT_AGENT_JAR_MISSING} when it is not there
     */
    public static Path telemetryAgentJar() {
        return agentFile(TELEMETRY_AGENT_PROPERTY, "opentelemetry-javaagent.jar", "the OpenTelemetry Java agent");
    }

    /**
     * rt's extension of the OpenTelemetry Java agent (its file exporter): {@code -Drt.telemetry.extension.jar}, else
     * {@code <home>/agent/rt-telemetry-extension.jar}.
     *
     * @throws RtException {@code RT_AGENT_JAR_MISSING} when it is not there
     */
    public static Path telemetryExtensionJar() {
        return agentFile(TELEMETRY_EXTENSION_PROPERTY, "rt-telemetry-extension.jar", "rt's OpenTelemetry agent extension");
    }

    private static Path agentFile(String property, String name, String what) {
        String given = System.getProperty(property);
        Path jar = given != null ? Path.of(given)
                : home().map(h -> h.resolve("agent").resolve(name)).orElseThrow(() -> new RtException(
                        ErrorCode.AGENT_JAR_MISSING, "rt does not run from its distribution (lib/rt.jar beside agent/)"
                                + " and -D" + property + " is not set; run rt through bin/rt"));
        if (!Files.isRegularFile(jar)) {
            throw new RtException(ErrorCode.AGENT_JAR_MISSING, what + " " + jar + " does not exist"
                    + (given != null ? " (named by -D" + property + ")" : "; rebuild rt with ./mvnw package"));
        }
        return jar;
    }
}
