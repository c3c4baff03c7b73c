package dev.rt.kind.gateway.settings;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * An application's {@code openapi}: its document fetched from {@code url} on its origin, or read from {@code file}
 * (relative to the gateway's directory), shown and routed under {@code prefix}, with the rules of {@code config}.
 */
public record OpenApiSource(Optional<String> url, Optional<String> file, String prefix, Optional<String> config) {

    static OpenApiSource read(Map<String, Object> openapi, String pointer) {
        return new OpenApiSource(ConfigValues.string(openapi, "url"), ConfigValues.string(openapi, "file"),
                PrefixPaths.normalize(ConfigValues.string(openapi, "prefix").orElse(""), pointer + "/prefix"),
                ConfigValues.string(openapi, "config"));
    }

    /** Whether the document is fetched (and so re-read in development), rather than read from a file. */
    public boolean fetched() {
        return url.isPresent();
    }

    /** {@code file} resolved against {@code directory}. */
    public Optional<Path> file(Path directory) {
        return file.map(directory::resolve);
    }

    public Optional<Path> config(Path directory) {
        return config.map(directory::resolve);
    }
}
