package dev.rt.slf4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A worker's library lines: one JSON log line each, at the runtime's level, under its message key. */
class WorkerLinesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private WorkerLines lines(Map<String, String> env) {
        return new WorkerLines(new PrintStream(out, true, StandardCharsets.UTF_8), env);
    }

    @Test
    void aLineIsAPinoShapedJsonLogLineWithTheLoggerNameAndEveryCharacterEscaped() throws Exception {
        WorkerLines lines = lines(Map.of("HOSTNAME", "box", "RT_LOG_MESSAGE_KEY", "message"));
        String message = "quote \" backslash \\ tab \t bell \u0007 and\nsecond line ü";
        lines.write(50, "org.mariadb.jdbc.message.server.ErrorPacket", message);

        String line = out.toString(StandardCharsets.UTF_8);
        assertThat(line).endsWith("}" + System.lineSeparator()).hasLineCount(1);
        JsonNode json = JSON.readTree(line);
        assertThat(json.path("level").asInt()).isEqualTo(50);
        assertThat(json.path("time").asLong()).isPositive();
        assertThat(json.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
        assertThat(json.path("hostname").asText()).isEqualTo("box");
        assertThat(json.path("logger").asText()).isEqualTo("org.mariadb.jdbc.message.server.ErrorPacket");
        assertThat(json.path("message").asText()).isEqualTo(message);
    }

    @Test
    void theRuntimesLevelDecidesWhatIsWritten() {
        assertThat(lines(Map.of()).enabled(40)).isTrue();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "warn")).enabled(40)).isTrue();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "error")).enabled(40)).isFalse();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "error")).enabled(50)).isTrue();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "fatal")).enabled(50)).isFalse();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "silent")).enabled(50)).isFalse();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "notice:45")).enabled(40)).isFalse();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "notice:45")).enabled(50)).isTrue();
        assertThat(lines(Map.of("RT_LOG_LEVEL", "nonsense")).enabled(40)).isTrue();
    }
}
