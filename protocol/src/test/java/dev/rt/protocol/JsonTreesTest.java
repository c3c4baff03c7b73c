package dev.rt.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Trees read and written without an ObjectMapper read and write as Jackson's own do. */
class JsonTreesTest {
    private static final String DOCUMENT = "{\"s\":\"é \\\"q\\\"\\n\",\"i\":3,\"l\":12345678901234,"
            + "\"big\":123456789012345678901234567890,\"d\":2.5,\"e\":1.0E-7,\"t\":true,\"f\":false,\"n\":null,"
            + "\"a\":[[],{},[1,{\"x\":[null]}]]}";

    @Test
    void aDocumentReadsAsJacksonReadsItAndWritesBackTheSame() throws IOException {
        JsonNode ours = JsonTrees.parse(DOCUMENT);
        JsonNode jacksons = new ObjectMapper().readTree(DOCUMENT);

        assertThat(ours).isEqualTo(jacksons);
        assertThat(JsonTrees.toJson(ours)).isEqualTo(jacksons.toString());
    }

    @Test
    void textThatIsNotOneJsonValueIsRefused() {
        assertThatThrownBy(() -> JsonTrees.parse("")).isInstanceOf(IOException.class).hasMessage("no JSON value");
        assertThatThrownBy(() -> JsonTrees.parse("{} {}")).isInstanceOf(IOException.class)
                .hasMessage("more than one JSON value");
        assertThatThrownBy(() -> JsonTrees.parse("{\"a\":")).isInstanceOf(IOException.class);
    }
}
