package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code server.https}: TLS for a server. Keys and certificates each come as one source or a list of them.
 *
 * @param allowHTTP1 with {@code http2} on, also accept HTTP/1.1 clients
 */
public record HttpsConfig(boolean allowHTTP1, List<PemSource> keys, List<PemSource> certs) {
    public HttpsConfig {
        keys = List.copyOf(keys);
        certs = List.copyOf(certs);
        if (keys.isEmpty() || certs.isEmpty()) {
            throw new IllegalArgumentException("https needs a key and a cert");
        }
    }

    /**
     * The same with its files' relative paths resolved against {@code directory}: for the entrypoint's own
     * {@code https}, whose files are relative to its own configuration file, not to the runtime's.
     */
    HttpsConfig relativeTo(Path directory) {
        return new HttpsConfig(allowHTTP1, resolved(keys, directory), resolved(certs, directory));
    }

    private static List<PemSource> resolved(List<PemSource> sources, Path directory) {
        return sources.stream().map(source -> source instanceof PemSource.File file
                ? new PemSource.File(directory.resolve(file.path()).normalize()) : source).toList();
    }

    /** The {@code https} object, or empty when it is absent (no TLS). */
    static Optional<HttpsConfig> from(ConfigNode https) {
        if (https.isMissing()) {
            return Optional.empty();
        }
        return Optional.of(new HttpsConfig(https.get("allowHTTP1").bool(false),
                PemSource.listFrom(https.get("key")), PemSource.listFrom(https.get("cert"))));
    }
}
