package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.error.ConfigException;
import dev.rt.config.LoggerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every field of the {@code logger} section, through a real {@link RuntimeLog}. */
class LoggerOptionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String run(String logger, Consumer<RuntimeLog> body) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RuntimeLog log = new RuntimeLog(LoggerConfig.from(JSON.readTree(logger)), dir, List.of("api", "db"),
                new PrintStream(out, true, StandardCharsets.UTF_8), false)) {
            body.accept(log);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<JsonNode> lines(String output) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isEmpty()) {
                lines.add(JSON.readTree(line));
            }
        }
        return lines;
    }

    @Test
    void linesBelowTheLevelAreDroppedWorkerLinesTooWhenTheirLevelIsKnown() throws Exception {
        String out = run("{\"level\":\"warn\"}", log -> {
            log.info("own info");
            log.warn("own warn");
            log.worker("api", 0, false, "plain stdout is info");
            log.worker("api", 0, true, "plain stderr is error");
            log.worker("api", 0, false, "10:00:00.000 [main] WARN app -- logback warn");
            log.worker("api", 0, false, "10:00:00.000 [main] DEBUG app -- logback debug");
            log.worker("api", 0, false, "{\"level\":30,\"time\":1,\"msg\":\"json info\"}");
            log.worker("api", 0, false, "{\"level\":60,\"time\":1,\"msg\":\"json fatal\"}");
        });
        assertThat(lines(out)).extracting(line -> line.path("msg").asText())
                .containsExactly("own warn", "plain stderr is error", "10:00:00.000 [main] WARN app -- logback warn", "json fatal");
    }

    @Test
    void silentWritesNothing() throws Exception {
        assertThat(run("{\"level\":\"silent\"}", log -> {
            log.error("own error");
            log.worker("api", 0, true, "stderr");
        })).isEmpty();
    }

    @Test
    void theRuntimesOwnLinesCarryLevelTimePidHostnameAndMsgAndWorkerLinesAlsoNameAndWorker() throws Exception {
        List<JsonNode> lines = lines(run("{}", log -> {
            log.info("hello");
            log.worker("api", 3, false, "from the worker");
        }));
        assertThat(lines.get(0).properties()).extracting(e -> e.getKey())
                .containsExactly("level", "time", "pid", "hostname", "msg");
        assertThat(lines.get(0).path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
        assertThat(lines.get(1).properties()).extracting(e -> e.getKey())
                .containsExactly("level", "time", "pid", "hostname", "name", "worker", "caller", "msg");
        assertThat(lines.get(1).path("name").asText()).isEqualTo("api");
        assertThat(lines.get(1).path("worker").asInt()).isEqualTo(3);
        assertThat(lines.get(1).path("caller").asText()).isEqualTo("STDOUT");
    }

    @Test
    void theRuntimesLinesAboutAWorkerNameItsServiceAndIndex() throws Exception {
        JsonNode line = lines(run("{}", log -> log.warn("The worker 2 of the service \"api\" unexpectedly exited"))).get(0);
        assertThat(line.properties()).extracting(e -> e.getKey())
                .containsExactly("level", "time", "pid", "hostname", "name", "worker", "msg");
        assertThat(line.path("name").asText()).isEqualTo("api");
        assertThat(line.path("worker").asInt()).isEqualTo(2);
    }

    @Test
    void timestampChoosesTheTimeField() throws Exception {
        long before = System.currentTimeMillis();
        JsonNode epoch = lines(run("{\"timestamp\":\"epochTime\"}", log -> log.info("m"))).get(0);
        JsonNode unix = lines(run("{\"timestamp\":\"unixTime\"}", log -> log.info("m"))).get(0);
        JsonNode iso = lines(run("{\"timestamp\":\"isoTime\"}", log -> log.info("m"))).get(0);
        JsonNode none = lines(run("{\"timestamp\":\"nullTime\"}", log -> log.info("m"))).get(0);
        assertThat(epoch.path("time").asLong()).isBetween(before, System.currentTimeMillis());
        assertThat(unix.path("time").asLong()).isBetween(before / 1000, System.currentTimeMillis() / 1000 + 1);
        assertThat(iso.path("time").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
        assertThat(none.has("time")).isFalse();
    }

    @Test
    void baseNullRemovesPidAndHostnameAndABaseObjectAddsItsFields() throws Exception {
        JsonNode bare = lines(run("{\"base\":null}", log -> log.info("m"))).get(0);
        assertThat(bare.has("pid")).isFalse();
        assertThat(bare.has("hostname")).isFalse();
        JsonNode extra = lines(run("{\"base\":{\"env\":\"prod\",\"region\":{\"id\":7}}}",
                log -> log.worker("api", 0, false, "w"))).get(0);
        assertThat(extra.path("env").asText()).isEqualTo("prod");
        assertThat(extra.path("region").path("id").asInt()).isEqualTo(7);
        assertThat(extra.has("pid")).isTrue();
    }

    @Test
    void messageKeyNamesTheMessageFieldAndDecidesWhichWorkerJsonIsALogLine() throws Exception {
        List<JsonNode> lines = lines(run("{\"messageKey\":\"message\"}", log -> {
            log.info("own");
            log.worker("api", 0, false, "{\"level\":40,\"time\":5,\"message\":\"pino line\"}");
            log.worker("api", 0, false, "{\"level\":40,\"time\":5,\"msg\":\"not under the key\"}");
        }));
        assertThat(lines.get(0).path("message").asText()).isEqualTo("own");
        assertThat(lines.get(0).has("msg")).isFalse();
        assertThat(lines.get(1).path("message").asText()).isEqualTo("pino line");
        assertThat(lines.get(1).path("level").asInt()).isEqualTo(40);
        assertThat(lines.get(2).path("stdout").path("msg").asText()).isEqualTo("not under the key");
        assertThat(lines.get(2).path("caller").asText()).isEqualTo("STDOUT");
    }

    @Test
    void customLevelsCanBeTheLevelAndNameWorkerLevelsInPrettyOutput() throws Exception {
        String logger = "{\"level\":\"notice\",\"customLevels\":{\"notice\":35}}";
        List<JsonNode> lines = lines(run(logger, log -> {
            log.info("info is below notice");
            log.warn("warn passes");
            log.worker("api", 0, false, "{\"level\":35,\"time\":1,\"msg\":\"a notice\"}");
            log.worker("api", 0, false, "{\"level\":34,\"time\":1,\"msg\":\"just below\"}");
        }));
        assertThat(lines).extracting(line -> line.path("msg").asText()).containsExactly("warn passes", "a notice");
        ByteArrayOutputStream pretty = new ByteArrayOutputStream();
        try (RuntimeLog log = new RuntimeLog(LoggerConfig.from(JSON.readTree(logger)), dir, List.of("api"),
                new PrintStream(pretty, true, StandardCharsets.UTF_8), true)) {
            log.worker("api", 0, false, "{\"level\":35,\"time\":1,\"msg\":\"a notice\"}");
            assertThat(log.workerLevel()).isEqualTo("notice:35");
        }
        assertThat(pretty.toString(StandardCharsets.UTF_8)).contains("NOTICE\u001b[0m: a notice");
    }

    @Test
    void anUnknownLevelIsAConfigurationError() {
        assertThatThrownBy(() -> run("{\"level\":\"loud\"}", log -> { }))
                .isInstanceOf(ConfigException.class)
                .hasMessage("/logger/level: unknown log level \"loud\"; expected silent, one of trace, debug, info, warn, "
                        + "error, fatal (/logger/customLevels adds names)");
    }

    @Test
    void redactCensorsTheRuntimesLinesAndWorkerJsonLines() throws Exception {
        List<JsonNode> lines = lines(run("{\"redact\":{\"paths\":[\"user.password\",\"headers.*\"]}}", log -> {
            log.worker("api", 0, false, "{\"level\":30,\"time\":1,\"msg\":\"login\",\"user\":{\"name\":\"ann\","
                    + "\"password\":\"hunter2\"},\"headers\":{\"cookie\":\"c\",\"auth\":\"a\"}}");
        }));
        assertThat(lines.get(0).path("user").path("password").asText()).isEqualTo("[redacted]");
        assertThat(lines.get(0).path("user").path("name").asText()).isEqualTo("ann");
        assertThat(lines.get(0).path("headers").toString()).isEqualTo("{\"cookie\":\"[redacted]\",\"auth\":\"[redacted]\"}");
        JsonNode censored = lines(run("{\"redact\":{\"paths\":[\"hostname\"],\"censor\":\"XX\"}}", log -> log.info("m"))).get(0);
        assertThat(censored.path("hostname").asText()).isEqualTo("XX");
    }

    @Test
    void aSingleFileTargetGetsTheJsonLinesAndStandardOutputNothing() throws Exception {
        String out = run("{\"transport\":{\"target\":\"pino/file\",\"options\":{\"destination\":\"logs/rt.log\","
                + "\"mkdir\":true}}}", log -> log.info("to the file"));
        assertThat(out).isEmpty();
        assertThat(lines(Files.readString(dir.resolve("logs/rt.log")))).extracting(l -> l.path("msg").asText())
                .containsExactly("to the file");
    }

    @Test
    void eachTargetHasItsOwnLevelAndSharedOptionsApplyToAll() throws Exception {
        String out = run("{\"level\":\"debug\",\"transport\":{\"options\":{\"mkdir\":true},\"targets\":["
                + "{\"target\":\"stdout\",\"level\":\"error\"},"
                + "{\"target\":\"pino/file\",\"options\":{\"destination\":\"all/debug.log\"}},"
                + "{\"target\":\"pretty\",\"options\":{\"destination\":\"all/pretty.log\",\"colorize\":false},\"level\":\"warn\"}]}}",
                log -> {
                    log.log(Level.DEBUG, "debug line");
                    log.warn("warn line");
                    log.error("error line");
                    log.worker("db", 1, true, "Error: stderr line");
                });
        assertThat(lines(out)).extracting(l -> l.path("msg").asText()).containsExactly("error line", "Error: stderr line");
        assertThat(lines(Files.readString(dir.resolve("all/debug.log")))).hasSize(4);
        assertThat(Files.readString(dir.resolve("all/pretty.log")))
                .containsPattern("(?m)^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}] \\(\\d+\\) rt    \\| WARN: warn line$")
                .containsPattern("(?m)^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}] \\(\\d+\\) db:1  \\| ERROR: Error: stderr line$")
                .doesNotContain("\u001b");
    }

    @Test
    void theRollingFileRotatesAtItsSizeAndKeepsLimitCountFiles() throws Exception {
        run("{\"transport\":{\"target\":\"pino-roll\",\"options\":{\"file\":\"roll/app.log\",\"mkdir\":true,"
                + "\"size\":\"1k\",\"limit\":{\"count\":2}}}}", log -> {
                    for (int i = 0; i < 100; i++) {
                        log.worker("api", 0, false, "line " + i + " " + "x".repeat(50));
                    }
                });
        Path roll = dir.resolve("roll");
        try (var files = Files.list(roll)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("app.log", "app.log.1", "app.log.2");
        }
        for (String name : List.of("app.log", "app.log.1", "app.log.2")) {
            assertThat(Files.size(roll.resolve(name))).isLessThanOrEqualTo(1024);
        }
        List<JsonNode> newest = lines(Files.readString(roll.resolve("app.log")));
        assertThat(newest.get(newest.size() - 1).path("msg").asText()).startsWith("line 99 ");
        List<JsonNode> older = lines(Files.readString(roll.resolve("app.log.1")));
        int lastOlder = Integer.parseInt(older.get(older.size() - 1).path("msg").asText().split(" ")[1]);
        int firstNewest = Integer.parseInt(newest.get(0).path("msg").asText().split(" ")[1]);
        assertThat(firstNewest).isEqualTo(lastOlder + 1);
    }

    @Test
    void anUnknownTargetIsAConfigurationErrorNamingIt() {
        assertThatThrownBy(() -> run("{\"transport\":{\"targets\":[{\"target\":\"stdout\"},{\"target\":\"pino-elasticsearch\"}]}}",
                log -> { }))
                .isInstanceOf(ConfigException.class)
                .hasMessage("/logger/transport/targets/1/target: unknown log target \"pino-elasticsearch\"; rt's built-in "
                        + "targets are stdout, pino/file, pino-roll, rolling-file, pino-pretty, pretty (rt cannot load "
                        + "Node.js transports)");
    }

    @Test
    void aRollingFileWithoutItsFileIsAConfigurationError() {
        assertThatThrownBy(() -> run("{\"transport\":{\"target\":\"pino-roll\",\"options\":{\"size\":\"1x\"}}}", log -> { }))
                .isInstanceOf(ConfigException.class)
                .hasMessage("/logger/transport/options/file: the rolling file target needs the path of its file, found nothing");
    }

    @Test
    void prettyLinesShowTimePidServiceAndWorkerPaddedLevelAndMessageColouredPerService() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (RuntimeLog log = new RuntimeLog(LoggerConfig.defaults(), dir, List.of("api", "payments"),
                new PrintStream(out, true, StandardCharsets.UTF_8), true)) {
            log.worker("api", 0, false, "hello");
            log.worker("payments", 1, true, "failed\n\tat x.Y.z(Y.java:1)");
            log.info("runtime line");
        }
        String api = "\u001b[38;5;" + PrettyTarget.colourOf("api") + "m";
        String payments = "\u001b[38;5;" + PrettyTarget.colourOf("payments") + "m";
        assertThat(out.toString(StandardCharsets.UTF_8).split("\n"))
                .satisfies(l -> assertThat(l[0]).matches("\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}] \\(\\d+\\) "
                        + java.util.regex.Pattern.quote(api + "api:0     \u001b[0m | \u001b[32mINFO\u001b[0m: hello")))
                .satisfies(l -> assertThat(l[1]).endsWith(payments + "payments:1\u001b[0m | \u001b[31mERROR\u001b[0m: failed"))
                .satisfies(l -> assertThat(l[2]).isEqualTo("\tat x.Y.z(Y.java:1)"))
                .satisfies(l -> assertThat(l[3]).contains(") rt         | \u001b[32mINFO\u001b[0m: runtime line"));
    }

    @Test
    void aFormattersJarShapesTheLevelAndTheBindingsOfTheRuntimesLines() throws Exception {
        Path jar = dir.resolve("formatters.jar");
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue(Formatters.MANIFEST_ATTRIBUTE, "dev.rt.testdata.logs.UpperCaseLevels");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH,
                dev.rt.supervisor.Fixtures.testdata().resolve("target/rt-testdata.jar").toUri().toString());
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.flush();
        }
        List<JsonNode> lines = lines(run("{\"formatters\":{\"path\":\"formatters.jar\"}}", log -> {
            log.warn("shaped");
            log.worker("api", 0, false, "{\"level\":30,\"time\":1,\"msg\":\"a worker's own line stays\"}");
        }));
        assertThat(lines.get(0).properties()).extracting(e -> e.getKey())
                .containsExactly("level", "levelLabel", "time", "host", "formatted", "msg");
        assertThat(lines.get(0).path("levelLabel").asText()).isEqualTo("WARN");
        assertThat(lines.get(1).has("levelLabel")).isFalse();
    }

    @Test
    void aFormattersPathThatIsNoJarIsAConfigurationError() throws Exception {
        Files.writeString(dir.resolve("formatters.js"), "module.exports = {}");
        assertThatThrownBy(() -> run("{\"formatters\":{\"path\":\"formatters.js\"}}", log -> { }))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("/logger/formatters/path: " + dir.resolve("formatters.js") + ": not a jar (")
                .hasMessageEndingWith("); JavaScript files cannot be loaded");
    }

    @Test
    void captureStdioTurnsWhatTheSupervisorProcessPrintsIntoEntriesUntilTheLogCloses() throws Exception {
        PrintStream before = System.out;
        List<JsonNode> lines = lines(run("{\"captureStdio\":true}", log -> {
            System.out.println("a library prints this");
            System.err.println("and complains here");
        }));
        assertThat(System.out).isSameAs(before);
        assertThat(lines).extracting(l -> l.path("caller").asText() + " " + l.path("level").asInt() + " " + l.path("msg").asText())
                .containsExactlyInAnyOrder("STDOUT 30 a library prints this", "STDERR 40 and complains here");
        assertThat(lines).allSatisfy(l -> assertThat(l.has("name")).isFalse());
    }
}
