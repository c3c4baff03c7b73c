package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real worker JVMs writing real Java logging output, junk and floods; the runtime log as clients read it. */
class WorkerLogsIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static List<JsonNode> lines(String text) {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isEmpty()) {
                try {
                    lines.add(JSON.readTree(line));
                } catch (IOException e) {
                    throw new UncheckedIOException("not a JSON line: " + line, e);
                }
            }
        }
        return lines;
    }

    private static JsonNode entry(List<JsonNode> lines, String marker) {
        List<JsonNode> found = lines.stream().filter(l -> l.toString().contains(marker)).toList();
        assertThat(found).as("exactly one entry containing " + marker).hasSize(1);
        return found.get(0);
    }

    @Test
    void javaLoggingFormatsKeepTheirLevelsStackTracesStayOneEntryAndJunkAndHugeLinesDoNotBreakTheStream() throws Exception {
        String config = runtimeWith("\"logger\": {\"redact\": {\"paths\": [\"user.password\"]}}, ", "f",
                service("f", "log-formats"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            rt.awaitLog("log-formats: done", LIMIT);
            rt.awaitLog("printed suppressed", LIMIT); // stderr is read by its own thread
            List<JsonNode> lines = lines(rt.log());

            assertThat(entry(lines, "jul-info-line").path("level").asInt()).isEqualTo(30);
            assertThat(entry(lines, "jul-warning-line").path("level").asInt()).isEqualTo(40);
            JsonNode julSevere = entry(lines, "jul-severe-line");
            assertThat(julSevere.path("level").asInt()).isEqualTo(50);
            assertThat(julSevere.path("msg").asText()).contains("\nSEVERE: jul-severe-line\njava.lang.IllegalStateException: jul boom\n\tat ")
                    .contains("Caused by: java.lang.RuntimeException: jul root cause");
            assertThat(rt.log()).doesNotContain("jul-fine-line").doesNotContain("logback-debug-line");

            assertThat(entry(lines, "logback-info-line").path("level").asInt()).isEqualTo(30);
            assertThat(entry(lines, "logback-warn-line").path("level").asInt()).isEqualTo(40);
            JsonNode logbackError = entry(lines, "logback-error-line");
            assertThat(logbackError.path("level").asInt()).isEqualTo(50);
            assertThat(logbackError.path("msg").asText()).contains("\njava.lang.IllegalArgumentException: logback boom\n\tat ");
            JsonNode log4jError = entry(lines, "log4j-error-line");
            assertThat(log4jError.path("level").asInt()).isEqualTo(50);
            assertThat(log4jError.path("msg").asText()).contains("\njava.lang.UnsupportedOperationException: log4j boom\n\tat ");
            assertThat(entry(lines, "log4j-fatal-line").path("level").asInt()).isEqualTo(60);

            JsonNode pino = entry(lines, "json-warn-line");
            assertThat(pino.path("level").asInt()).isEqualTo(40);
            assertThat(pino.path("name").asText()).isEqualTo("f");
            assertThat(pino.path("worker").asInt()).isEqualTo(0);
            assertThat(pino.path("user").path("password").asText()).isEqualTo("[redacted]");
            assertThat(rt.log()).doesNotContain("hunter2");
            JsonNode object = entry(lines, "json-object-line");
            assertThat(object.path("stdout").path("hello").asText()).isEqualTo("json-object-line");

            JsonNode stdout = entry(lines, "plain-stdout-line");
            assertThat(stdout.path("level").asInt()).isEqualTo(30);
            assertThat(stdout.path("caller").asText()).isEqualTo("STDOUT");
            JsonNode stderr = entry(lines, "plain-stderr-line");
            assertThat(stderr.path("level").asInt()).as("no error, a warning").isEqualTo(40);
            assertThat(stderr.path("caller").asText()).isEqualTo("STDERR");

            JsonNode printed = entry(lines, "printed boom");
            assertThat(printed.path("caller").asText()).isEqualTo("STDERR");
            assertThat(printed.path("level").asInt()).as("a stack trace").isEqualTo(50);
            assertThat(printed.path("msg").asText()).startsWith("java.lang.IllegalStateException: printed boom\n\tat ")
                    .contains("\n\tSuppressed: java.lang.IllegalArgumentException: printed suppressed\n")
                    .contains("\nCaused by: java.lang.RuntimeException: printed cause\n");

            assertThat(entry(lines, "(-line").path("msg").asText()).isEqualTo("junk-\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD[31m\uFFFD(-line");
            assertThat(entry(lines, "jünk-ütf8-line").path("level").asInt()).isEqualTo(30);
            JsonNode big = entry(lines, "big-line:");
            assertThat(big.path("msg").asText()).startsWith("big-line:xxx").endsWith(" … [truncated: 1048585 bytes]");
            assertThat(entry(lines, "after-big-line").path("level").asInt()).isEqualTo(30);
        }
    }

    @Test
    void workersJavaUtilLoggingLogsAtTheRuntimesLevel() throws Exception {
        String config = runtimeWith("\"logger\": {\"level\": \"debug\"}, ", "f", service("f", "log-formats"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            rt.awaitLog("log-formats: done", LIMIT);
            String line = rt.awaitLog("jul-fine-line", LIMIT);
            assertThat(JSON.readTree(line).path("level").asInt()).isEqualTo(20);
        }
    }

    @Test
    void aHundredThousandLinesAndAPartialLastLineWrittenRightBeforeACrashAllArriveExactlyOnceAndInOrder() throws Exception {
        String config = runtimeWith("", "flood", service("flood", "log-flood", "\"restartOnError\": false"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/flood").body()).isEqualTo("flooding");
            rt.awaitLog("is no longer available", LIMIT);
            rt.awaitLog("\"msg\":\"flood-end\"", LIMIT);
            rt.awaitLog("\"msg\":\"flood-tail-without-newline\"", LIMIT); // the partial last line, at EOF
            assertEveryNumberOnceInOrder(lines(rt.log()), 100_000);
        }
    }

    @Test
    void whatAWorkerWroteBeforeItDiedIsLoggedBeforeItsDeath() throws Exception {
        String config = runtimeWith("", "flood", service("flood", "log-flood", "\"restartOnError\": false, "
                + "\"env\": {\"FLOOD_LINES\": \"20000\"}"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/flood").body()).isEqualTo("flooding");
            String death = "The worker 0 of the service \\\"flood\\\" unexpectedly exited with code 3.";
            rt.awaitLog(death, LIMIT);
            // the pipe still held the flood's last lines when the JVM died: they come first, as the message about
            // a failed start promises ("see its output above")
            String log = rt.log();
            assertThat(log.indexOf("\"msg\":\"flood-tail-without-newline\"")).as(log).isPositive()
                    .isLessThan(log.indexOf(death));
        }
    }

    @Test
    void aFloodOfJsonLinesToAFileTargetArrivesCompleteBeforeTheRuntimeStops() throws Exception {
        String config = runtimeWith("\"logger\": {\"transport\": {\"target\": \"pino/file\", \"options\": "
                + "{\"destination\": \"logs/rt.log\", \"mkdir\": true}}}, ", "flood",
                service("flood", "log-flood", "\"restartOnError\": false, \"env\": {\"FLOOD_FORMAT\": \"json\"}"));
        Path file = dir.resolve("logs/rt.log");
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/flood").body()).isEqualTo("flooding");
            Poll.until(LIMIT, Duration.ofMillis(50), () -> Files.readString(file).contains("\"msg\":\"flood-end\"")
                    ? Optional.of(true) : Optional.empty(), () -> "no flood-end in " + file + " within " + LIMIT);
            assertThat(rt.log()).isEmpty();
        }
        List<JsonNode> lines = lines(Files.readString(file));
        assertEveryNumberOnceInOrder(lines, 100_000);
        assertThat(lines.stream().filter(l -> l.path("msg").asText().startsWith("flood ")))
                .allSatisfy(l -> assertThat(l.path("name").asText()).isEqualTo("flood"));
    }

    private static void assertEveryNumberOnceInOrder(List<JsonNode> lines, int count) {
        List<Integer> numbers = lines.stream().map(l -> l.path("msg").asText()).filter(m -> m.startsWith("flood "))
                .map(m -> Integer.parseInt(m.substring("flood ".length()))).toList();
        assertThat(numbers).hasSize(count);
        for (int i = 0; i < count; i++) {
            if (numbers.get(i) != i + 1) {
                throw new AssertionError("line " + (i + 1) + " of the flood is \"flood " + numbers.get(i) + "\"");
            }
        }
    }
}
