package dev.rt.kind.service.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The defaults of the {@code server} settings, read from this kind's schema ({@code $defs/applicationServer}), their
 * one home: the configuration loader fills them in from there, and a server given settings that did not pass through
 * it (a gateway's workers, a test) falls back on the same values.
 */
public final class ServerDefaults {
    /** The kind's schema, beside {@code ServiceKind}. */
    static final String SCHEMA = "/dev/rt/kind/service/schema.json";
    private static final JsonObject DEFS = schema().getJsonObject("$defs");
    private static final JsonObject PROPERTIES = DEFS.getJsonObject("applicationServer").getJsonObject("properties");

    private ServerDefaults() {
    }

    /**
     * The schema's default of {@code server.<key>}, following a local {@code $ref}.
     *
     * @throws IllegalStateException when the schema gives that setting no default
     */
    public static Object of(String key) {
        Object value = resolve(PROPERTIES.getJsonObject(key)).getValue("default");
        if (value == null) {
            throw new IllegalStateException("the service kind's schema gives server." + key + " no default");
        }
        return value;
    }

    static long number(String key) {
        return ((Number) of(key)).longValue();
    }

    static boolean flag(String key) {
        return (Boolean) of(key);
    }

    /** The default of {@code server.healthCheck.interval}, in its object form. */
    static long healthCheckInterval() {
        JsonArray forms = resolve(PROPERTIES.getJsonObject("healthCheck")).getJsonArray("anyOf");
        for (int i = 0; i < forms.size(); i++) {
            JsonObject interval = forms.getJsonObject(i).getJsonObject("properties", new JsonObject())
                    .getJsonObject("interval");
            if (interval != null) {
                return interval.getLong("default");
            }
        }
        throw new IllegalStateException("the service kind's schema gives server.healthCheck.interval no default");
    }

    /** The kind's schema document. */
    static JsonObject schema() {
        try (InputStream in = ServerDefaults.class.getResourceAsStream(SCHEMA)) {
            if (in == null) {
                throw new IllegalStateException("the service kind's schema.json is missing from its jar");
            }
            return new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the service kind's schema.json", e);
        }
    }

    private static JsonObject resolve(JsonObject schema) {
        String ref = schema.getString("$ref");
        return ref != null && ref.startsWith("#/$defs/") ? DEFS.getJsonObject(ref.substring("#/$defs/".length())) : schema;
    }
}
