package dev.rt.kind.gateway.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.rt.kind.routing.Answer;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the public server answers itself about the composed document: {@code {prefix}/json}, {@code {prefix}/yaml},
 * and unless {@code ui} is false, Swagger UI at {@code {prefix}}.
 */
public final class Documentation {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

    private Documentation() {
    }

    public static Map<String, Answer> answers(JsonNode composed, String prefix, boolean ui) {
        Map<String, Answer> answers = new LinkedHashMap<>();
        try {
            answers.put(prefix + "/json", Answer.ok("application/json; charset=utf-8", JSON.writeValueAsBytes(composed)));
            answers.put(prefix + "/yaml", Answer.ok("application/x-yaml",
                    YAML.writeValueAsString(composed).getBytes(StandardCharsets.UTF_8)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        if (ui) {
            answers.putAll(SwaggerUi.answers(prefix));
        }
        return answers;
    }
}
