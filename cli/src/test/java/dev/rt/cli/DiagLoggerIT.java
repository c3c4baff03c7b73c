package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service traced by its own {@code telemetry} with {@code diagLogger: true}: the OpenTelemetry Java agent's own
 * debug diagnostics reach rt's log as the service's lines, at the debug level (20) the agent gave them.
 */
class DiagLoggerIT {
    @TempDir
    Path dir;

    @Test
    void theAgentsDebugDiagnosticsReachTheLogAtTheDebugLevel() throws Exception {
        Path service = Files.createDirectories(dir.resolve("api"));
        Files.writeString(service.resolve("rt.json"), "{\"java\": {\"classpath\": [\""
                + Fixtures.testdata().resolve("target/rt-testdata.jar") + "\"], \"build\":"
                + " \"dev.rt.testdata.probe.Probe\"}, \"telemetry\": {\"applicationName\": \"diag\","
                + " \"diagLogger\": true}}");
        Path config = Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"api\", \"server\": {\"port\": 0},"
                + " \"logger\": {\"level\": \"debug\"}, \"services\": [{\"id\": \"api\", \"path\": \"api\"}]}");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            // the agent speaks as the worker's JVM starts, long before it is ready (its debug output slows that)
            String line = rt.awaitStdout("] DEBUG io.opentelemetry", Duration.ofSeconds(90));
            assertThat(line).startsWith("{\"level\":20,").contains("\"name\":\"api\"").contains("[otel.javaagent ");
        }
    }
}
