package dev.rt.kind.gateway.settings;

import java.util.Map;
import java.util.Optional;

/** {@code openapi} of the gateway itself: the composed document's info, and where it and the UI are served. */
public record ComposedSettings(String title, Optional<String> description, String version, String swaggerPrefix,
        boolean ui) {

    static ComposedSettings read(Map<String, Object> openapi, String pointer) {
        String swagger = PrefixPaths.normalize(ConfigValues.string(openapi, "swaggerPrefix").orElse("/documentation"),
                pointer + "/swaggerPrefix");
        return new ComposedSettings(ConfigValues.string(openapi, "title").orElse("rt gateway"),
                ConfigValues.string(openapi, "description"), ConfigValues.string(openapi, "version").orElse("1.0.0"),
                swagger, ConfigValues.flag(openapi, "ui", true));
    }
}
