package dev.rt.cli.logging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a worker writes on standard error arrives at the level it deserves: the JVM's own warning at warn (40), an
 * exception nobody caught, with its stack trace, at error (50).
 */
class WorkerStderrIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @Test
    void aJvmWarningIsAWarningAndAnUncaughtExceptionAnError() throws Exception {
        Path app = RtProcess.TESTDATA.resolve("apps/throws-uncaught").toAbsolutePath().normalize();
        Path config = Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"api\", \"server\": {\"hostname\":"
                + " \"127.0.0.1\", \"port\": 0}, \"services\": [{\"id\": \"api\", \"path\": \"" + app + "\","
                + " \"jvmOptions\": [\"-XX:+UseBiasedLocking\"]}]}");
        try (RtProcess rt = RtProcess.start(dir, Map.of("RT_CLASS_DATA_SHARING", "false"), "start", "--no-pretty",
                "-c", config.toString())) {
            rt.awaitListening(LIMIT);
            JsonNode warning = JSON.readTree(rt.awaitStdout("Option UseBiasedLocking was deprecated", LIMIT));

            assertThat(rt.get("/throw").body()).isEqualTo("thrown");
            rt.awaitStdout("The worker 0 of the service \\\"api\\\" threw an uncaught exception", LIMIT);
            JsonNode trace = JSON.readTree(rt.awaitStdout("at dev.rt.testdata.throwsuncaught.ThrowsUncaught", LIMIT));

            assertThat(warning.path("caller").asText()).isEqualTo("STDERR");
            assertThat(warning.path("msg").asText()).startsWith("OpenJDK 64-Bit Server VM warning: ");
            assertThat(warning.path("level").asInt()).isEqualTo(40);
            assertThat(trace.path("caller").asText()).isEqualTo("STDERR");
            assertThat(trace.path("msg").asText()).startsWith("java.lang.IllegalStateException: throws-uncaught:"
                    + " nobody catches this\n\tat ");
            assertThat(trace.path("level").asInt()).isEqualTo(50);
            for (String line : rt.stdout().lines()
                    .filter(line -> line.contains("\"caller\":\"STDERR\"") && line.contains("uncaught")).toList()) {
                assertThat(JSON.readTree(line).path("level").asInt()).as(line).isEqualTo(50);
            }
            assertThat(List.of(warning, trace)).extracting(entry -> entry.path("name").asText()).containsOnly("api");
        }
    }
}
