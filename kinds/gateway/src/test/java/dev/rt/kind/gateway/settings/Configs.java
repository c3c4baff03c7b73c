package dev.rt.kind.gateway.settings;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.protocol.JsonValues;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** Configurations as the kind receives them: JDK JSON values. */
public final class Configs {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Configs() {
    }

    public static Map<String, Object> of(String json) {
        try {
            return JsonValues.object(JSON.readTree(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
