package dev.rt.cli.sharing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workers' class-data sharing on, as users run it (the rest of the suite turns it off): a runtime with a traced
 * (the OpenTelemetry Java agent) and an untraced service of each kind starts once before the kinds' archives exist
 * (they are made in the background, in {@code RT_CACHE_DIR}), once more with them, then reloads every worker. Each
 * time every service answers; untraced workers of a kind with an archive map it, traced ones start without it (on
 * JDK 17 an agent and an archive define {@code io.netty.util.concurrent.Promise} twice). One runtime for all eight
 * services keeps the suite short; the traced services enable only the agent's Netty instrumentation, the one that
 * met the archive, which halves the agent's start.
 */
class ClassDataSharingIT {
    private static final Duration START = Duration.ofMinutes(8);
    /**
     * A service's first answer: eight JVMs, four with the agent, on two busy cores (load 25) took more than the
     * default 20 s to answer the entrypoint's first call through the mesh.
     */
    private static final Duration FIRST_ANSWER = Duration.ofMinutes(3);
    private static final List<String> KINDS = List.of("java", "service", "db", "gateway");
    /** Kinds whose workers get an archive: those that offer a training configuration. */
    private static final List<String> TRAINED = List.of("java", "service");
    private static final Map<String, String> ROUTES = Map.of("java", "/hello", "service", "/greeting",
            "db", "/movies", "gateway", "/hello");

    /** Eight JVMs on two busy cores: a plugin may take longer than the default 10 s to register. */
    private static final String PLUGIN_TIMEOUT = "\"server\": {\"pluginTimeout\": 120000}";

    @TempDir
    Path dir;

    @Test
    void everyKindTracedOrNotStartsBeforeAndAfterItsArchiveExistsAndAgainOnReload() throws Exception {
        Path config = runtime();
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("RT_CACHE_DIR", cache.toString(), "RT_CLASS_DATA_SHARING", "true");

        try (RtProcess first = RtProcess.start(dir, env, "start", "--no-pretty", "-c", config.toString())
                .requestTimeout(FIRST_ANSWER)) {
            first.awaitListening(START);
            everyServiceAnswers(first);
            for (String kind : TRAINED) {
                first.awaitStdout("Workers of kind " + kind + " started from now on use the class-data sharing"
                        + " archive " + cache.resolve("workers"), START);
            }
            first.signal("TERM");
            assertThat(first.awaitExit(START)).isZero();
        }
        try (Stream<Path> archives = Files.list(cache.resolve("workers"))) {
            assertThat(archives.map(file -> file.getFileName().toString()))
                    .anyMatch(name -> name.matches("java-\\w+\\.jsa")).anyMatch(name -> name.matches("service-\\w+\\.jsa"));
        }

        try (RtProcess second = RtProcess.start(dir, env, "start", "--no-pretty", "-c", config.toString())
                .requestTimeout(FIRST_ANSWER)) {
            second.awaitListening(START);
            everyServiceAnswers(second);
            workersMapTheArchiveUnlessTraced(second, cache);

            second.signal("USR2");
            second.awaitStdout("All services have been restarted.", START);
            everyServiceAnswers(second);
            workersMapTheArchiveUnlessTraced(second, cache);
            second.signal("TERM");
            assertThat(second.awaitExit(START)).isZero();
        }
    }

    private static void everyServiceAnswers(RtProcess rt) throws Exception {
        for (String kind : KINDS) {
            for (String variant : List.of("plain", "traced")) {
                String call = "/call?url=http://" + kind + "-" + variant + ".rt.local" + ROUTES.get(kind);
                HttpResponse<String> answer;
                try {
                    answer = rt.get(call);
                } catch (HttpTimeoutException e) {
                    throw new AssertionError(kind + "-" + variant + " did not answer within " + FIRST_ANSWER + "\n"
                            + rt.output(), e);
                }
                assertThat(answer.body()).as(kind + "-" + variant + "\n" + rt.output()).startsWith("200 ");
            }
        }
    }

    private static void workersMapTheArchiveUnlessTraced(RtProcess rt, Path cache) throws IOException {
        Map<String, Long> pids = latestWorkerPids(rt.stdout());
        for (String kind : KINDS) {
            List<String> plain = arguments(rt, pids.get(kind + "-plain"));
            List<String> traced = arguments(rt, pids.get(kind + "-traced"));
            if (TRAINED.contains(kind)) {
                assertThat(plain).as(kind + "-plain").anyMatch(arg -> arg.startsWith("-XX:SharedArchiveFile="
                        + cache.resolve("workers").resolve(kind + "-")));
            }
            assertThat(traced).as(kind + "-traced").anyMatch(arg -> arg.startsWith("-javaagent:")
                    && arg.endsWith("opentelemetry-javaagent.jar"))
                    .noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile"));
        }
    }

    /** The pid of the worker each service started last, from "Starting the worker 0 of the service \"x\" (pid N)". */
    private static Map<String, Long> latestWorkerPids(String log) {
        Matcher started = Pattern.compile("Starting the worker \\d+ of the service \\\\\"([\\w-]+)\\\\\""
                + " \\(pid (\\d+)\\)").matcher(log);
        Map<String, Long> pids = new HashMap<>();
        while (started.find()) {
            pids.put(started.group(1), Long.parseLong(started.group(2)));
        }
        return pids;
    }

    /**
     * The worker's command line, from {@code /proc}: {@code ProcessHandle.Info} gives no arguments for a command line
     * longer than a page, and a service worker's class path is.
     */
    private static List<String> arguments(RtProcess rt, Long pid) throws IOException {
        assertThat(pid).as("a worker's pid in the log\n" + rt.output()).isNotNull();
        Path cmdline = Path.of("/proc", Long.toString(pid), "cmdline");
        assertThat(cmdline).as("the worker " + pid + " runs\n" + rt.output()).exists();
        return List.of(Files.readString(cmdline).split("\0"));
    }

    /** Eight services, a traced and an untraced one of each kind; the entrypoint calls the others. */
    private Path runtime() throws Exception {
        Path testdata = RtProcess.TESTDATA.toAbsolutePath().normalize();
        Path hello = testdata.resolve("service-plugins/target/fixtures/hello");
        List<String> services = new ArrayList<>();
        for (String variant : List.of("plain", "traced")) {
            Path db = Files.createDirectories(dir.resolve("db-" + variant).resolve("migrations"));
            Files.writeString(db.resolve("001.do.sql"), "CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT);");
            Files.writeString(db.resolveSibling("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/db/1.0.0.json\","
                    + " \"db\": {\"connectionString\": \"sqlite://./db.sqlite\"}, " + PLUGIN_TIMEOUT + ","
                    + " \"migrations\": {\"dir\": \"migrations\", \"autoApply\": true}}");
            Path gateway = Files.createDirectories(dir.resolve("gateway-" + variant));
            Files.writeString(gateway.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/gateway/1.0.0.json\","
                    + " \"gateway\": {\"applications\": [{\"id\": \"service-" + variant + "\", \"proxy\": {\"prefix\": \"/" + variant + "\"}}]},"
                    + " \"plugins\": {\"paths\": [\"" + hello + "\"]}, " + PLUGIN_TIMEOUT + "}");
            Map<String, Path> paths = Map.of("java", testdata.resolve("apps/probe"),
                    "service", testdata.resolve("services/envelope"), "db", db.getParent(), "gateway", gateway);
            String telemetry = variant.equals("traced")
                    ? "{\"javaagent\": true, \"instrumentations\": [\"netty\"]}" : "{\"enabled\": false}";
            for (String kind : KINDS) {
                services.add("{\"id\": \"" + kind + "-" + variant + "\", \"path\": \"" + paths.get(kind)
                        + "\", \"telemetry\": " + telemetry + "}");
            }
        }
        return Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"java-plain\","
                + " \"server\": {\"hostname\": \"127.0.0.1\", \"port\": 0}, \"startTimeout\": 300000,"
                + " \"telemetry\": {\"serviceName\": \"cds\", \"exporter\": {\"type\": \"file\","
                + " \"options\": {\"path\": \"" + dir.resolve("spans.jsonl") + "\"}}},"
                + " \"services\": [" + String.join(", ", services) + "]}");
    }
}
