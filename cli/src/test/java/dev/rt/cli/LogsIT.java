package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rt start}'s log as a user sees it: pretty on request, and every line in the log file at exit. */
class LogsIT {
    private static final Duration START = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path dir;

    private Path config(String logger) throws Exception {
        Path file = dir.resolve("rt.json");
        Files.writeString(file, "{\"logger\": " + logger + ", \"entrypoint\": \"api\", \"server\": {\"port\": 0}, "
                + "\"services\": [" + Fixtures.service("api", "probe", "") + ", " + Fixtures.service("back", "probe", "")
                + "]}");
        return file;
    }

    @Test
    void prettyShowsTimePidServiceAndWorkerPaddedToTheLongestIdColouredLevelAndMessage() throws Exception {
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "--pretty", "-c", config("{}").toString())) {
            String url = rt.awaitListening(START);
            client.send(HttpRequest.newBuilder(URI.create(url + "/slow?ms=1")).build(), HttpResponse.BodyHandlers.ofString());
            String line = rt.awaitStdout("slow request started", Duration.ofSeconds(10));
            String colour = "\u001b[38;5;" + (17 + Math.floorMod("api".hashCode(), 214)) + "m";
            assertThat(line).matches("\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}] \\(\\d+\\) " + java.util.regex.Pattern.quote(
                    colour + "api:0 \u001b[0m | \u001b[32mINFO\u001b[0m: ") + "slow request started.*");
            assertThat(rt.awaitStdout("rt is now listening", Duration.ofSeconds(1)))
                    .contains(") rt     | \u001b[32mINFO\u001b[0m: rt is now listening at http://");
        }
    }

    @Test
    void everyLineIsInTheRollingFileWhenRtHasExitedAfterSigterm() throws Exception {
        Path config = config("{\"transport\": {\"target\": \"pino-roll\", \"options\": {\"file\": \"logs/rt.log\", "
                + "\"mkdir\": true, \"size\": \"1m\"}}}");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            Path file = dir.resolve("logs/rt.log");
            Await.atMost(START).alias("the listening line in " + file)
                    .until(() -> Files.exists(file) && Files.readString(file).contains("rt is now listening"));
            rt.signal("TERM");
            assertThat(rt.awaitExit(Duration.ofSeconds(30))).isZero();
            assertThat(rt.stdout()).isEmpty();
            List<String> lines = Files.readAllLines(file);
            for (String line : lines) {
                assertThat(JSON.readTree(line).path("level").isInt()).as(line).isTrue();
            }
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("Received SIGTERM, stopping the runtime"));
            assertThat(lines.get(lines.size() - 1)).doesNotContain("Received SIGTERM");
        }
    }
}
