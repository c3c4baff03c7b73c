package dev.rt.kind.service.plugin;

import dev.rt.kind.service.config.ConfigValues;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/** A plugin entry's {@code options} as the JSON text its plugins receive ({@code {}} when there are none). */
final class OptionsJson {
    private OptionsJson() {
    }

    static String of(Object options) {
        return options instanceof Map<?, ?> map ? new JsonObject(ConfigValues.object(map)).encode() : "{}";
    }
}
