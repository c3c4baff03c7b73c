package dev.rt.kind.service.openapi;

import dev.rt.kind.service.config.ConfigValues;
import dev.rt.kind.service.route.RoutePaths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code service.openapi} (or another kind's equivalent, such as {@code db.openapi}): {@code true}, or an object with
 * any OpenAPI v3 property (copied into the document: {@code info}, {@code servers}, {@code components},
 * {@code security}...) plus {@code prefix} (put before every path of the document), {@code swaggerPrefix} (where
 * {@code /json}, {@code /yaml} and the UI are served, default {@code /documentation}) and {@code ui} (default true).
 */
public record OpenApiSettings(boolean enabled, String swaggerPrefix, boolean ui, String prefix,
        Map<String, Object> document) {

    public OpenApiSettings {
        document = Collections.unmodifiableMap(new LinkedHashMap<>(document));
    }

    public static final OpenApiSettings OFF = new OpenApiSettings(false, "/documentation", true, "", Map.of());

    /** @param enabledByDefault what an absent value means ({@code service.openapi}: off; {@code db.openapi}: on) */
    public static OpenApiSettings from(Object value, boolean enabledByDefault) {
        if (value == null) {
            return enabledByDefault ? new OpenApiSettings(true, "/documentation", true, "", Map.of()) : OFF;
        }
        if (value instanceof Boolean enabled) {
            return enabled ? new OpenApiSettings(true, "/documentation", true, "", Map.of()) : OFF;
        }
        Map<String, Object> settings = ConfigValues.object(value);
        Map<String, Object> document = new LinkedHashMap<>(settings);
        document.keySet().removeAll(Set.of("prefix", "swaggerPrefix", "ui"));
        String swagger = ConfigValues.string(settings, "swaggerPrefix").orElse("/documentation");
        return new OpenApiSettings(true, swagger.length() > 1 && swagger.endsWith("/")
                ? swagger.substring(0, swagger.length() - 1) : swagger, ConfigValues.flag(settings, "ui", true),
                RoutePaths.normalizePrefix(ConfigValues.string(settings, "prefix").orElse("")), document);
    }
}
