package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.LoggerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class RuntimeLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void subscribersGetEveryLineAsJsonEvenWhenTheOutputIsPrettyUntilTheyLeave() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RuntimeLog log = new RuntimeLog(new PrintStream(out, true, StandardCharsets.UTF_8), true);
        List<String> lines = new ArrayList<>();
        AutoCloseable subscription = log.subscribe(lines::add);

        log.info("runtime says \"hi\"");
        log.worker("api", 2, true, "boom");
        subscription.close();
        log.info("not delivered");

        assertThat(lines).hasSize(2);
        JsonNode own = JSON.readTree(lines.get(0));
        assertThat(own.path("level").asInt()).isEqualTo(30);
        assertThat(own.path("msg").asText()).isEqualTo("runtime says \"hi\"");
        assertThat(own.has("name")).isFalse();
        JsonNode worker = JSON.readTree(lines.get(1));
        assertThat(worker.path("level").asInt()).as("a plain line on stderr: a warning").isEqualTo(40);
        assertThat(worker.path("name").asText()).isEqualTo("api");
        assertThat(worker.path("worker").asInt()).isEqualTo(2);
        assertThat(worker.path("caller").asText()).isEqualTo("STDERR");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("api:2").contains("not delivered").doesNotContain("{\"level\"");
    }

    @Test
    void whatLibrariesLogThroughSlf4jAtWarnOrErrorIsALineWithTheirLoggerNameAndNothingBelowIs() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> lines = new ArrayList<>();
        try (RuntimeLog log = new RuntimeLog(new PrintStream(out, true, StandardCharsets.UTF_8), true)) {
            log.subscribe(lines::add);
            Logger library = LoggerFactory.getLogger("com.example.pool.Pool");
            assertThat(library.isInfoEnabled()).isFalse();
            assertThat(library.isDebugEnabled()).isFalse();
            library.info("pool {} starting", "p-1");
            library.debug("details");
            library.warn("pool {} is slow: {} ms", "p-1", 250);
            library.error("pool p-1 failed", new IllegalStateException("refused"));
            log.info("after the library's lines");
        }

        assertThat(lines).hasSize(3);
        JsonNode warn = JSON.readTree(lines.get(0));
        assertThat(warn.path("level").asInt()).isEqualTo(40);
        assertThat(warn.path("logger").asText()).isEqualTo("com.example.pool.Pool");
        assertThat(warn.path("msg").asText()).isEqualTo("pool p-1 is slow: 250 ms");
        assertThat(warn.has("name")).isFalse();
        JsonNode error = JSON.readTree(lines.get(1));
        assertThat(error.path("level").asInt()).isEqualTo(50);
        assertThat(error.path("msg").asText()).startsWith("pool p-1 failed\njava.lang.IllegalStateException: refused\n"
                + "\tat dev.rt.supervisor.log.RuntimeLogTest.");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("WARN\u001b[0m: [com.example.pool.Pool] pool p-1 is slow: 250 ms")
                .doesNotContain("starting").doesNotContain("details");
    }

    @Test
    void atLevelErrorALibrarysWarningIsDroppedAndOnceTheLogIsClosedItsLinesGoElsewhere() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Logger library = LoggerFactory.getLogger("com.example.Driver");
        try (RuntimeLog log = new RuntimeLog(LoggerConfig.from(JSON.readTree("{\"level\": \"error\"}")), Path.of(""),
                List.of(), new PrintStream(out, true, StandardCharsets.UTF_8), false)) {
            assertThat(library.isWarnEnabled()).isFalse();
            assertThat(library.isErrorEnabled()).isTrue();
            library.warn("dropped");
            library.error("kept");
            log.error("after the library's lines");
        }
        library.error("after the log closed");

        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("dropped").contains("\"msg\":\"kept\"")
                .doesNotContain("after the log closed");
    }
}
