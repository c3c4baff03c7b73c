package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The public entrypoint server: {@code server.hostname}, {@code server.port} (0 picks a free port),
 * {@code server.http2} and {@code server.https}. Each is the runtime's {@code server} setting when it gives one,
 * else the entrypoint application's own (SPEC: the runtime's server overrides the entrypoint's own server
 * settings), else the default. The same four settings in any other service's own file are not used: its workers
 * listen on 127.0.0.1 behind the mesh; {@link #unusedListenerSettings} words the warning that says so.
 */
public record ServerConfig(String hostname, int port, boolean http2, Optional<HttpsConfig> https) {
    public static final String DEFAULT_HOSTNAME = "127.0.0.1";
    public static final int DEFAULT_PORT = 3042;
    /** How the warnings below end: the file may be meant for both uses. */
    private static final String ALONE = "It counts when this file runs on its own (rt start -c <file>)";
    /** The settings of an application's own {@code server} that describe the public listener. */
    static final List<String> LISTENER_KEYS = List.of("hostname", "port", "http2", "https");

    public ServerConfig {
        Objects.requireNonNull(hostname, "hostname");
        Objects.requireNonNull(https, "https");
    }

    /**
     * @param runtime the runtime's {@code server}
     * @param own     the entrypoint application's own {@code server}
     * @param written the entrypoint's own {@code server} as its file has it (before the schema's defaults): only
     *                what it writes counts
     * @param ownDirectory the directory of the entrypoint's own file, which its {@code https} files are relative to
     */
    static ServerConfig from(ConfigNode runtime, ConfigNode own, JsonNode written, Path ownDirectory) {
        boolean ownHttps = !runtime.has("https") && written.has("https");
        return new ServerConfig(pick(runtime, own, written, "hostname").string(DEFAULT_HOSTNAME),
                (int) pick(runtime, own, written, "port").integer(DEFAULT_PORT, 0, 65535),
                pick(runtime, own, written, "http2").bool(false),
                HttpsConfig.from(pick(runtime, own, written, "https"))
                        .map(https -> ownHttps ? https.relativeTo(ownDirectory) : https));
    }

    private static ConfigNode pick(ConfigNode runtime, ConfigNode own, JsonNode written, String key) {
        return runtime.has(key) || !written.has(key) ? runtime.get(key) : own.get(key);
    }

    /**
     * The warnings for the listener settings a service's own file writes that are not used: all of them for a
     * service that is not the entrypoint, those the runtime's {@code server} overrides for the entrypoint.
     *
     * @param own       the service's own {@code server}
     * @param written   the same as its file writes it
     * @param runtime   the runtime's {@code server}
     * @param inRuntime where a pointer of the runtime's file is, as written ({@code /runtime/...} in a service file
     *                  run on its own)
     */
    static List<String> unusedListenerSettings(ConfigNode own, JsonNode written, String serviceId, String entrypoint,
            ConfigNode runtime, UnaryOperator<String> inRuntime) {
        String runtimeServer = runtime.place(inRuntime.apply(runtime.pointer()));
        return LISTENER_KEYS.stream().filter(written::has).map(key -> {
            if (!serviceId.equals(entrypoint)) {
                return own.get(key).warning("not used here: the service \"" + serviceId + "\" is not the entrypoint"
                        + " (\"" + entrypoint + "\"), so its workers listen on 127.0.0.1 behind rt's mesh"
                        + " (http://" + serviceId + ".rt.local); the public listener is the runtime's server ("
                        + runtimeServer + "), else the entrypoint's own server settings. " + ALONE);
            }
            if (runtime.has(key)) {
                return own.get(key).warning("not used here: the runtime's server sets it ("
                        + runtime.place(inRuntime.apply(runtime.get(key).pointer()))
                        + "), which wins for the public listener. " + ALONE);
            }
            return null;
        }).filter(Objects::nonNull).toList();
    }
}
