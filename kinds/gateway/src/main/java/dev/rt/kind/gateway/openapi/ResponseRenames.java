package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.rt.kind.routing.ResponseBodyRewrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;

/**
 * The field renames of one operation's responses, by status, applied to the JSON bodies that pass through the
 * public server ({@code application/json}, or any {@code +json} type). A body that is not JSON goes out as it came.
 *
 * @param byStatus the renames of the responses with each status
 */
public record ResponseRenames(Map<Integer, FieldRenames> byStatus) implements ResponseBodyRewrite {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES).build(); // numbers go out as they came

    public ResponseRenames {
        byStatus = Map.copyOf(byStatus);
    }

    @Override
    public boolean rewrites(int status, String contentType) {
        if (!byStatus.containsKey(status) || contentType == null) {
            return false;
        }
        int end = contentType.indexOf(';');
        String type = (end < 0 ? contentType : contentType.substring(0, end)).strip().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || type.startsWith("application/") && type.endsWith("+json");
    }

    @Override
    public byte[] rewrite(int status, byte[] body) {
        FieldRenames renames = byStatus.get(status);
        if (renames == null) {
            return body;
        }
        JsonNode value;
        try {
            value = JSON.readTree(body);
        } catch (IOException e) {
            return body;
        }
        if (value == null) {
            return body;
        }
        renames.applyToValue(value);
        try {
            return JSON.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
