package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import io.netty.channel.uring.IoUring;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rt start} as a separate process, driven by signals and HTTP like a user would. */
class StartCommandIT {
    private static final Duration START = Duration.ofSeconds(30);
    /** A failed start is retried five times unless restartOnError is off; the supervisor's tests cover retries. */
    private static final String NO_RETRY = "\"restartOnError\": false, ";
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path dir;

    private Path runtime(String entrypoint, String... services) throws Exception {
        return runtimeWith("", entrypoint, services);
    }

    /** {@code extra}: more top-level settings, ending with a comma. */
    private Path runtimeWith(String extra, String entrypoint, String... services) throws Exception {
        Path file = dir.resolve("rt.json");
        Files.writeString(file, "{" + extra + "\"entrypoint\": \"" + entrypoint + "\", \"server\": {\"port\": 0},"
                + " \"services\": [" + String.join(", ", services) + "]}");
        return file;
    }

    private HttpResponse<String> get(String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void demoAnswersOnItsPublicPortHavingCalledTheGreeterOverTheMesh() throws Exception {
        try (RtProcess rt = RtProcess.startInOwnProcessGroup(Fixtures.testdata().resolve("demo"), Map.of(), "start")) {
            String url = rt.awaitListening(START);
            assertThat(url).isEqualTo("http://127.0.0.1:3042");

            HttpResponse<String> hello = get(url + "/hello");
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.body()).contains("\"message\":\"hello from the entrypoint\"")
                    .contains("\"greeting\":\"Hello, world!\"").contains("\"worker\":\"greeter:0\"");

            rt.interruptGroup(); // Ctrl-C: the workers get SIGINT too, and must leave the stopping to rt
            assertThat(rt.awaitExit(Duration.ofSeconds(15))).isZero();
            assertThat(rt.stdout()).contains("Received SIGINT, stopping the runtime")
                    .doesNotContain("unexpectedly exited");
            assertWorkersGone(rt);
        }
    }

    @Test
    void sigtermLetsAnInFlightRequestFinishThenExitsZero() throws Exception {
        Path config = runtime("api", Fixtures.service("api", "probe", ""), Fixtures.service("back", "probe", ""));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            String url = rt.awaitListening(START);
            CompletableFuture<HttpResponse<String>> slow = client.sendAsync(
                    HttpRequest.newBuilder(URI.create(url + "/slow?ms=1500")).build(), HttpResponse.BodyHandlers.ofString());
            rt.awaitStdout("slow request started", Duration.ofSeconds(10));

            rt.signal("TERM");

            HttpResponse<String> response = slow.get(20, TimeUnit.SECONDS);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("slept");
            assertThat(rt.awaitExit(Duration.ofSeconds(15))).isZero();
            assertThat(rt.stdout()).contains("Received SIGTERM, stopping the runtime");
            assertWorkersGone(rt);
        }
    }

    @Test
    void sigintOrSigtermDuringStartUpStopsEverythingAndExitsZero() throws Exception {
        Path config = runtimeWith(NO_RETRY, "api", Fixtures.service("api", "probe", ""),
                Fixtures.service("slow", "slow-start", "\"env\": {\"SLOW_START_MS\": \"120000\"}"));
        for (String signal : List.of("INT", "TERM")) {
            try (RtProcess rt = RtProcess.startInOwnProcessGroup(dir, Map.of(), "start", "-c", config.toString())) {
                rt.awaitStdout("slow-start: taking my time", START);

                if (signal.equals("INT")) {
                    rt.interruptGroup(); // Ctrl-C
                } else {
                    rt.signal("TERM");
                }

                assertThat(rt.awaitExit(Duration.ofSeconds(15))).as(rt.stderr()).isZero();
                rt.awaitOutputEnd(Duration.ofSeconds(15));
                assertThat(rt.stderr()).isEmpty();
                assertThat(rt.stdout()).contains("Received SIG" + signal + " during start-up; the runtime has stopped.");
                assertThat(rt.workerPids()).hasSize(2);
                assertWorkersGone(rt);
            }
        }
    }

    @Test
    void killingTheSupervisorWithSigkillLeavesNoWorkerBehind() throws Exception {
        Path config = runtime("api", Fixtures.service("api", "probe", ""), Fixtures.service("back", "probe", "\"workers\": 2"));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            rt.awaitListening(START);
            // the entrypoint's spare JVM boots a second after the start: it must go with the others, and it must
            // not come in after the count was taken
            rt.awaitStdout("The spare worker 1 of the service \\\"api\\\" is ready to take over.", START);
            assertThat(rt.workerPids()).hasSize(4);

            rt.signal("KILL");
            rt.awaitExit(Duration.ofSeconds(5));

            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            for (long pid : rt.workerPids()) {
                assertThat(exitedBy(pid, deadline)).as("worker %d exited within 2 s of the supervisor's death", pid).isTrue();
            }
        }
    }

    @Test
    void theCliJarServesHttpsOnItsBundledNativeLibraries() throws Exception {
        Path tls = Fixtures.testdata().resolve("tls");
        String https = "\"https\": {\"key\": {\"path\": \"" + tls.resolve("localhost-key.pem") + "\"},"
                + " \"cert\": {\"path\": \"" + tls.resolve("localhost-cert.pem") + "\"}}";
        Path config = Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"api\", \"server\": {\"port\": 0, "
                + https + "}, \"services\": [" + Fixtures.service("api", "probe", "") + "]}");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            String url = rt.awaitListening(START);

            assertThat(url).startsWith("https://127.0.0.1:");
            assertThat(rt.stdout()).contains("TLS of the public server by BoringSSL")
                    .contains("Proxy I/O on " + (IoUring.isAvailable() ? "io_uring" : "epoll") + ", ");
            Process curl = new ProcessBuilder("curl", "-ksS", "--max-time", "10", url + "/hello").start();
            assertThat(new String(curl.getInputStream().readAllBytes())).isEqualTo("hello");
            assertThat(curl.waitFor()).isZero();
        }
    }

    @Test
    void aWrongProxySystemPropertyIsAConfigurationErrorBeforeAnyWorkerStarts() throws Exception {
        Path config = runtime("api", Fixtures.service("api", "probe", ""));
        try (RtProcess rt = RtProcess.startWith(List.of(), List.of("-Drt.proxy.transport=kqueue"), dir, Map.of(),
                "start", "-c", config.toString())) {
            assertThat(rt.awaitExit(START)).isEqualTo(3);
            assertThat(rt.stderr()).isEqualTo("rt: -Drt.proxy.transport=kqueue (in RT_JAVA_OPTS) is not a transport:"
                    + " use one of io_uring, epoll, nio");
            assertThat(rt.workerPids()).isEmpty();
        }
    }

    @Test
    void portAlreadyInUseFailsBeforeAnyWorkerStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path file = dir.resolve("rt.json");
            Files.writeString(file, "{\"server\": {\"port\": " + taken.getLocalPort() + "}, \"services\": ["
                    + Fixtures.service("api", "probe", "") + "]}");
            try (RtProcess rt = RtProcess.start(dir, Map.of(), "start")) {
                assertThat(rt.awaitExit(START)).isEqualTo(4);
                assertThat(rt.stderr()).isEqualTo("rt: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                        + ": the address is already in use (stop the program that holds it, or set server.port)");
                assertThat(rt.workerPids()).isEmpty();
            }
        }
    }

    @Test
    void missingConfigurationExitsThreeNamingWhereItLooked() throws Exception {
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start")) {
            assertThat(rt.awaitExit(START)).isEqualTo(3);
            assertThat(rt.stderr()).isEqualTo("rt: no configuration file found in " + dir.toRealPath()
                    + ": looked for rt.json, rt.yml, rt.yaml, rt.tml, rt.toml (run rt where one is, or give it with -c <path>)");
        }
    }

    @Test
    void invalidConfigurationExitsThreeNamingFileAndPointer() throws Exception {
        Files.writeString(dir.resolve("rt.json"), "{\"services\": [{\"id\": \"api\", \"path\": \"missing\"}]}");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start")) {
            assertThat(rt.awaitExit(START)).isEqualTo(3);
            assertThat(rt.stderr()).isEqualTo("rt: " + dir.toRealPath().resolve("rt.json") + ": /services/0/path: the directory "
                    + dir.toRealPath().resolve("missing") + " does not exist");
        }
    }

    @Test
    void unparsableConfigurationExitsThreeWithLineAndColumn() throws Exception {
        Files.writeString(dir.resolve("rt.yaml"), "services:\n  - id: api\n    path: [unclosed\n");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start")) {
            assertThat(rt.awaitExit(START)).isEqualTo(3);
            assertThat(rt.stderr()).startsWith("rt: " + dir.toRealPath().resolve("rt.yaml") + ":").contains("cannot parse YAML");
        }
    }

    @Test
    void missingBuildClassExitsFourNamingTheClassAndServiceAndLeavesNoJvm() throws Exception {
        Path config = runtimeWith(NO_RETRY, "api", Fixtures.service("api", "missing-class", ""));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            assertThat(rt.awaitExit(START)).isEqualTo(4);
            assertThat(rt.stderr()).startsWith("rt: the worker 0 of the service \"api\" failed to start: ")
                    .contains("dev.rt.testdata.NoSuchClass").doesNotContain("\tat ");
            assertWorkersGone(rt);
        }
    }

    @Test
    void workerThatFailsToStartExitsFourAndStopsTheServicesAlreadyRunning() throws Exception {
        Path config = runtimeWith(NO_RETRY, "api", Fixtures.service("back", "probe", ""),
                Fixtures.service("api", "throws-on-build", ""));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            assertThat(rt.awaitExit(START)).isEqualTo(4);
            assertThat(rt.stderr()).contains("the database is not reachable");
            assertThat(rt.workerPids()).hasSize(2);
            assertWorkersGone(rt);
        }
    }

    @Test
    void unmodifiedWireMockJarFromMavenCentralIsServedThroughTheEntrypoint() throws Exception {
        Path service = Files.createDirectories(dir.resolve("wiremock"));
        Files.writeString(service.resolve("rt.json"), "{\"java\": {\"jar\": \""
                + Fixtures.thirdPartyJar("wiremock-standalone.jar") + "\"}}");
        Path config = runtime("mock", "{\"id\": \"mock\", \"path\": \"" + service
                + "\", \"arguments\": [\"--port\", \"0\", \"--disable-banner\", \"--root-dir\", \"" + service + "\"]}");
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            String url = rt.awaitListening(Duration.ofSeconds(60));

            HttpResponse<String> mappings = get(url + "/__admin/mappings");
            assertThat(mappings.statusCode()).isEqualTo(200);
            assertThat(mappings.body()).contains("\"mappings\"");

            rt.signal("TERM");
            assertThat(rt.awaitExit(Duration.ofSeconds(15))).isZero();
            assertWorkersGone(rt);
        }
    }

    @Test
    void sigusr2RestartsEveryServiceWorkerByWorkerWithoutStoppingRt() throws Exception {
        Path config = runtime("api", Fixtures.service("api", "probe", ""), Fixtures.service("back", "probe", "\"workers\": 2"));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            String url = rt.awaitListening(START);

            rt.signal("USR2");

            rt.awaitStdout("All services have been restarted.", Duration.ofSeconds(60));
            assertThat(rt.stdout()).contains("Received SIGUSR2, restarting all services ...")
                    .contains("The worker 1 of the service \\\"back\\\" has been replaced by the worker 3.");
            assertThat(get(url + "/call?url=http://back.rt.local/whoami").body()).startsWith("200 {");
            assertThat(rt.process().isAlive()).isTrue();
            rt.signal("TERM");
            assertThat(rt.awaitExit(Duration.ofSeconds(15))).isZero();
            assertWorkersGone(rt);
        }
    }

    @Test
    void aRuntimeThatCannotStopWithinGracefulShutdownRuntimeExitsOneAndLeavesNoWorker() throws Exception {
        Path config = runtimeWith("\"gracefulShutdown\": {\"service\": 20000, \"runtime\": 1500}, ", "api",
                Fixtures.service("api", "ignores-stop", ""));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            rt.awaitListening(START);
            long started = System.nanoTime();

            rt.signal("TERM");

            assertThat(rt.awaitExit(Duration.ofSeconds(15))).isEqualTo(1);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
            assertThat(rt.stdout()).contains("Could not close the runtime in 1500 ms, aborting the process with exit code 1.");
            assertWorkersGone(rt);
        }
    }

    @Test
    void devModeRunsOneWorkerPerServiceAndTellsTheWorkers() throws Exception {
        Path config = runtime("api", Fixtures.service("api", "probe", ""), Fixtures.service("back", "probe", "\"workers\": 3"));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "--dev", "-c", config.toString())) {
            String url = rt.awaitListening(START);

            assertThat(rt.workerPids()).hasSize(2);
            assertThat(get(url + "/call?url=http://back.rt.local/env?name=RT_ENVIRONMENT").body())
                    .isEqualTo("200 development");
        }
    }

    @Test
    void settingsWithNoEffectAreLoggedOnceAtStartNamingTheFileAndThePointer() throws Exception {
        Path config = runtimeWith("\"watch\": true, ", "api", Fixtures.service("api", "probe", "\"useHttp\": true"));
        try (RtProcess rt = RtProcess.start(dir, Map.of(), "start", "-c", config.toString())) {
            rt.awaitListening(START);
            String watch = config + ": /watch: true, but files are watched only under rt start --dev; this runtime"
                    + " reloads nothing when they change";
            rt.awaitStdout(watch, START);

            assertThat(rt.stdout()).containsOnlyOnce(config + ": /services/0/useHttp: has no effect: every worker of"
                    + " rt serves HTTP on 127.0.0.1 already").containsOnlyOnce(watch);
        }
    }

    /**
     * Whether the process has exited by {@code deadline} (System.nanoTime). An orphan that has exited stays a
     * zombie until the init process reaps it, which some sandboxes do only every second or two; a zombie has
     * exited, although ProcessHandle still sees it alive.
     */
    private static boolean exitedBy(long pid, long deadline) throws Exception {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        while (true) {
            Optional<ProcessHandle> process = ProcessHandle.of(pid);
            String state;
            try {
                String line = Files.readString(stat);
                state = line.substring(line.lastIndexOf(')') + 2, line.lastIndexOf(')') + 3);
            } catch (java.io.IOException gone) {
                return true;
            }
            if (process.isEmpty() || state.equals("Z") || state.equals("X")) {
                return true;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            process.get().onExit().completeOnTimeout(null, Math.min(left, 50_000_000L), TimeUnit.NANOSECONDS).join();
        }
    }

    private static void assertWorkersGone(RtProcess rt) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        for (long pid : rt.workerPids()) {
            assertThat(exitedBy(pid, deadline)).as("worker %d has exited", pid).isTrue();
        }
    }

}
