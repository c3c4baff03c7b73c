package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        assertThat(worker.path("level").asInt()).isEqualTo(50);
        assertThat(worker.path("name").asText()).isEqualTo("api");
        assertThat(worker.path("worker").asInt()).isEqualTo(2);
        assertThat(worker.path("caller").asText()).isEqualTo("STDERR");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("api:2").contains("not delivered").doesNotContain("{\"level\"");
    }
}
