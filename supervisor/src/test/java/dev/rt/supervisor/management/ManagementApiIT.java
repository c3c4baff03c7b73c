package dev.rt.supervisor.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.Fixtures;
import dev.rt.supervisor.Poll;
import dev.rt.supervisor.worker.WorkerState;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Every route of the management API against one real runtime (two services, real worker JVMs). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ManagementApiIT {
    private Path dir;
    private ManagedRuntimeUnderTest runtime;
    private ManagementClient client;
    private Path socket;

    @BeforeAll
    void start(@TempDir Path tempDir) throws IOException {
        dir = tempDir;
        socket = dir.resolve("sockets").resolve("m.sock");
        runtime = ManagedRuntimeUnderTest.start(dir, "{\"managementApi\": {\"socket\": \"" + socket + "\"}, "
                + "\"entrypoint\": \"front\", \"server\": {\"port\": 0}, \"services\": ["
                + ManagedRuntimeUnderTest.probe("front", "\"env\": {\"GREETING\": \"hi\"}") + ", "
                + ManagedRuntimeUnderTest.probe("back", "\"workers\": 2") + "]}");
        client = new ManagementClient(socket);
    }

    @AfterAll
    void stop() {
        runtime.close();
    }

    @Test
    void socketIsPrivateToItsUser() throws IOException {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket))).isEqualTo("rw-------");
    }

    @Test
    void statusIsStarted() throws IOException {
        assertThat(client.getJson("/status").path("status").asText()).isEqualTo("started");
    }

    @Test
    void metadataDescribesTheProcessAndItsEntrypoint() throws IOException {
        JsonNode metadata = client.getJson("/metadata");
        assertThat(metadata.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
        assertThat(metadata.path("url").asText()).isEqualTo(runtime.url());
        assertThat(metadata.path("projectDir").asText()).isEqualTo(dir.toRealPath().toString());
        assertThat(metadata.path("name").asText()).isEqualTo(dir.getFileName().toString());
        assertThat(metadata.path("javaVersion").asText()).isEqualTo(System.getProperty("java.version"));
        assertThat(metadata.path("cwd").asText()).isEqualTo(Path.of("").toAbsolutePath().toString());
        assertThat(metadata.path("argv").size()).isPositive();
        assertThat(metadata.path("uptimeSeconds").isIntegralNumber()).isTrue();
        assertThat(metadata.path("rtVersion").asText()).isNotBlank();
    }

    @Test
    void configIsTheResolvedRuntimeConfiguration() throws IOException {
        JsonNode config = client.getJson("/config");
        assertThat(config.path("entrypoint").asText()).isEqualTo("front");
        assertThat(config.path("services").size()).isEqualTo(2);
        assertThat(config.at("/managementApi/socket").asText()).isEqualTo(socket.toString());
    }

    @Test
    void envHoldsTheSupervisorsEnvironmentAndRtRoot() throws IOException {
        JsonNode env = client.getJson("/env");
        assertThat(env.path("RT_TEST_MARKER").asText()).isEqualTo("marked");
        assertThat(env.path("RT_ROOT").asText()).isNotBlank();
        assertThat(client.getJson("/services/front/env").path("GREETING").asText()).isEqualTo("hi");
        assertThat(env.has("GREETING")).isFalse();
    }

    @Test
    void serviceEnvIsWhatItsWorkerGotWithPortAndTheRtVariables() throws IOException {
        JsonNode front = client.getJson("/services/front/env");
        assertThat(front.path("RT_SERVICE_ID").asText()).isEqualTo("front");
        assertThat(front.path("RT_WORKER_ID").asText()).isEqualTo("0");
        assertThat(front.path("PORT").asText()).containsOnlyDigits().isNotEmpty();
        assertThat(front.path("RT_ENVIRONMENT").asText()).isEqualTo("production");
        int second = runtime.supervisor().workers().stream().filter(w -> w.serviceId().equals("back"))
                .filter(w -> w.state() == dev.rt.supervisor.worker.WorkerState.STARTED).mapToInt(w -> w.index()).max().orElseThrow();
        JsonNode back = client.getJson("/services/back:" + second + "/env");
        assertThat(back.path("RT_SERVICE_ID").asText()).isEqualTo("back");
        assertThat(back.path("RT_WORKER_ID").asText()).isEqualTo(Integer.toString(second));
        assertThat(back.path("PORT").asText()).isNotEqualTo(front.path("PORT").asText());
    }

    @Test
    void servicesListsDetailsInConfigurationOrder() throws IOException {
        JsonNode services = client.getJson("/services");
        assertThat(services.path("entrypoint").asText()).isEqualTo("front");
        assertThat(services.path("production").asBoolean()).isTrue();
        JsonNode front = services.path("services").get(0);
        assertThat(front.path("id").asText()).isEqualTo("front");
        assertThat(front.path("type").asText()).isEqualTo("java");
        assertThat(front.path("status").asText()).isEqualTo("started");
        assertThat(front.path("workers").asInt()).isEqualTo(1);
        assertThat(front.path("entrypoint").asBoolean()).isTrue();
        assertThat(front.path("url").asText()).isEqualTo(runtime.url());
        assertThat(front.path("localUrl").asText()).isEqualTo("http://front.rt.local");
        assertThat(Path.of(front.path("config").asText())).isAbsolute().exists();
        assertThat(Path.of(front.path("path").asText())).isAbsolute().isDirectory();
        JsonNode back = services.path("services").get(1);
        assertThat(back.path("id").asText()).isEqualTo("back");
        assertThat(back.has("url")).isFalse();
        assertThat(back.path("workers").asInt()).isEqualTo(2);
        assertThat(client.getJson("/services/back")).isEqualTo(back);
    }

    @Test
    void aServiceShowsEachWorkersCommandLineAndItsSpare() throws Exception {
        // the spare comes a second after the start
        JsonNode front = Poll.until(Duration.ofSeconds(60), Duration.ofMillis(50), () -> Optional.of(
                client.getJson("/services/front")).filter(service -> service.path("processes").size() >= 2),
                () -> "no spare in " + client.getJson("/services/front"));
        JsonNode processes = front.path("processes");
        assertThat(processes).hasSize(2);
        JsonNode worker = processes.get(0);
        assertThat(worker.path("status").asText()).isEqualTo("started");
        assertThat(worker.path("pid").asLong()).isEqualTo(runtime.pidsOf("front").get(0));
        List<String> command = new java.util.ArrayList<>();
        worker.path("command").forEach(word -> command.add(word.asText()));
        assertThat(command.get(0)).endsWith("java");
        assertThat(command).contains("-cp").endsWith("dev.rt.agent.WorkerMain");
        JsonNode spare = processes.get(1);
        assertThat(spare.path("status").asText()).isEqualTo("spare");
        assertThat(spare.path("worker").asInt()).isGreaterThan(worker.path("worker").asInt());
        assertThat(spare.path("pid").asLong()).isEqualTo(runtime.supervisor().spares().get(0).pid());
    }

    @Test
    void serviceConfigIsItsWholeResolvedConfigurationFile() throws IOException {
        JsonNode config = client.getJson("/services/back/config");
        assertThat(config.path("java").path("build").asText()).isEqualTo("dev.rt.testdata.probe.Probe");
        assertThat(config.path("java").path("classpath").get(0).asText()).isEqualTo("../../target/rt-testdata.jar");
    }

    @Test
    void unknownServiceIsANotFoundErrorListingTheServices() throws IOException {
        ManagementClient.Response response = client.request("GET", "/services/nope", List.of(), new byte[0], Duration.ofSeconds(10));
        assertThat(response.status()).isEqualTo(404);
        JsonNode error = ApiResponse.JSON.readTree(response.body());
        assertThat(error.path("statusCode").asInt()).isEqualTo(404);
        assertThat(error.path("code").asText()).isEqualTo("RT_RUNTIME_SERVICE_NOT_FOUND");
        assertThat(error.path("error").asText()).isEqualTo("Not Found");
        assertThat(error.path("message").asText()).isEqualTo("Service nope not found. Available services are: front, back");
    }

    @Test
    void unknownWorkerIsAnErrorListingTheWorkers() {
        String workers = String.join(", ", runtime.supervisor().workers().stream().filter(w -> w.serviceId().equals("back"))
                .map(w -> String.valueOf(w.index())).toList());
        assertThatThrownBy(() -> client.getJson("/services/back:7"))
                .isInstanceOf(RtException.class)
                .hasMessage("Worker 7 of service back not found. Available workers are: " + workers)
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_RUNTIME_WORKER_NOT_FOUND");
    }

    @Test
    void schemasAreAClearErrorForJavaServices() {
        assertThatThrownBy(() -> client.getJson("/services/back/openapi-schema"))
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_RUNTIME_FAILED_TO_RETRIEVE_OPENAPI_SCHEMA");
        assertThatThrownBy(() -> client.getJson("/services/back/graphql-schema"))
                .hasMessageContaining("\"back\"")
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_RUNTIME_FAILED_TO_RETRIEVE_GRAPHQL_SCHEMA");
    }

    @Test
    void unknownRouteIsNotFound() throws IOException {
        ManagementClient.Response response = client.request("GET", "/nothing", List.of(), new byte[0], Duration.ofSeconds(10));
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.text()).contains("\"message\":\"Route GET:/api/v1/nothing not found\"");
    }

    @Test
    void aRequestNettyCannotDecodeIsABadRequest() throws IOException {
        for (String[] request : new String[][] {{"BAD METHOD", "/status"}, {"GET", "/services/back/proxy/hello world"}}) {
            ManagementClient.Response response = client.request(request[0], request[1], List.of(), new byte[0],
                    Duration.ofSeconds(10));
            assertThat(response.status()).as(String.join(" ", request) + ": " + response.text()).isEqualTo(400);
            assertThat(response.text()).contains("\"code\":\"RT_BAD_REQUEST\"")
                    .contains("the request is not valid HTTP/1.1: ");
        }
    }

    @Test
    void proxyInjectsThroughTheMeshWithMethodHeadersQueryAndBody() throws Exception {
        ManagementClient.Response echo = client.request("POST", "/services/back/proxy/echo?x=1",
                List.of(Map.entry("content-type", "text/plain")), "payload".getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(20));
        assertThat(echo.status()).isEqualTo(200);
        assertThat(echo.text()).isEqualTo("payload");
        ManagementClient.Response headers = client.request("GET", "/services/back/proxy/headers",
                List.of(Map.entry("X-Test", "yes")), new byte[0], Duration.ofSeconds(20));
        assertThat(headers.text()).contains("x-test: yes").contains("x-forwarded-host: back.rt.local");
        ManagementClient.Response missing = client.request("GET", "/services/back/proxy/absent", List.of(), new byte[0],
                Duration.ofSeconds(20));
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.text()).isEqualTo("not found");
    }

    @Test
    void proxyToOneWorkerReachesThatWorker() throws Exception {
        List<String> workers = runtime.supervisor().workers().stream().filter(w -> w.serviceId().equals("back"))
                .filter(w -> w.state() == dev.rt.supervisor.worker.WorkerState.STARTED).map(w -> String.valueOf(w.index())).toList();
        assertThat(workers).hasSize(2);
        for (String worker : workers) {
            JsonNode whoami = ApiResponse.JSON.readTree(client.request("GET", "/services/back:" + worker + "/proxy/whoami",
                    List.of(), new byte[0], Duration.ofSeconds(20)).body());
            assertThat(whoami.path("worker").asText()).isEqualTo(worker);
        }
    }

    @Test
    void metricsComeAsPrometheusTextOrAsJsonWhenAskedFor() throws Exception {
        // A worker registers its JVM metrics at its first scrape; on a loaded machine that can miss the scrape's
        // deadline, and its late answer then serves the next scrape: ask again until it is there.
        ManagementClient.Response text = Poll.until(Duration.ofSeconds(30), Duration.ofMillis(50), () -> Optional.of(
                client.request("GET", "/metrics", List.of(), new byte[0], Duration.ofSeconds(30)))
                .filter(answer -> answer.text().contains("jvm_memory_used_bytes{")), () -> "no worker figures in /metrics");
        assertThat(text.status()).isEqualTo(200);
        assertThat(text.text()).contains("# TYPE rt_service_restarts_total counter")
                .containsPattern("jvm_memory_used_bytes\\{area=\"heap\",serviceId=\"[a-z]+\",workerId=\"0\"} ");
        ManagementClient.Response json = client.request("GET", "/metrics", List.of(Map.entry("accept", "application/json")),
                new byte[0], Duration.ofSeconds(30));
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.text()).startsWith("[").containsPattern("\"name\"\\s*:\\s*\"jvm_memory_used_bytes\"");
    }

    @Test
    void logsAreKeptOnDiskAndStreamedFromAFileThenLive() throws Exception {
        JsonNode indexes = client.getJson("/logs/indexes");
        assertThat(indexes.path("indexes").get(0).asInt()).isZero();
        String all = client.request("GET", "/logs/all", List.of(), new byte[0], Duration.ofSeconds(10)).text();
        assertThat(all).contains("rt is now listening at").contains("Started the worker 0 of the service");
        String console = runtime.output();
        assertThat(all).as("the history begins with the runtime's first line")
                .startsWith(console.substring(0, console.indexOf('\n') + 1));
        assertThat(client.request("GET", "/logs/0", List.of(), new byte[0], Duration.ofSeconds(10)).text())
                .startsWith(all.substring(0, all.indexOf('\n') + 1));
        assertThat(client.request("GET", "/logs/9", List.of(), new byte[0], Duration.ofSeconds(10)).status()).isEqualTo(404);
        CountDownLatch history = new CountDownLatch(1);
        CountDownLatch live = new CountDownLatch(1);
        StringBuilder seen = new StringBuilder();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread follower = new Thread(() -> {
            try {
                client.stream("/logs/live?start=0", chunk -> {
                    synchronized (seen) {
                        seen.append(chunk);
                        if (seen.indexOf("rt is now listening at") >= 0) {
                            history.countDown();
                        }
                        if (seen.indexOf("live marker line") >= 0) {
                            live.countDown();
                            throw new RtException(ErrorCode.INTERRUPTED, "done");
                        }
                    }
                });
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        follower.setDaemon(true);
        follower.start();
        assertThat(history.await(20, TimeUnit.SECONDS)).as("history replayed").isTrue();
        runtime.log().info("live marker line");
        assertThat(live.await(20, TimeUnit.SECONDS)).as("new line followed; seen: %s", seen).isTrue();
        follower.join(5000);
        assertThat(failure.get()).hasMessage("done");
    }

    @Test
    void historyChartsEveryWorkerEachSecondWithTheRequestsItAnswered() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 20; i++) {
            http.send(HttpRequest.newBuilder(URI.create(runtime.url() + "/")).build(), HttpResponse.BodyHandlers.discarding());
        }
        // a column closes each second: ask until one holds the requests
        JsonNode front = Poll.until(Duration.ofSeconds(20), Duration.ofMillis(250), () -> frontWithRequests(19),
                () -> "no column with front's 20 requests in " + client.getJson("/history"));
        assertThat(front.path("data").get(0).get(front.path("data").get(0).size() - 1).isNumber()).isTrue();
        assertThat(front.path("data").get(4).get(front.path("data").get(4).size() - 1).asLong()).isGreaterThan(1L << 20);
        JsonNode all = client.getJson("/history");
        assertThat(all.path("workers").findValuesAsText("service")).contains("front", "back");
        JsonNode newer = client.getJson("/history?since=" + all.path("start").asLong());
        assertThat(newer.path("start").asLong()).as("the columns after since").isEqualTo(all.path("start").asLong() + 1);
        assertThat(newer.path("length").asInt()).isLessThan(all.path("length").asInt() + 2);
        assertThat(client.request("GET", "/history?since=x", List.of(), new byte[0], Duration.ofSeconds(10)).status())
                .isEqualTo(400);
        assertThat(client.getJson("/http-cache").toString()).isEqualTo("{\"enabled\":false}");
        JsonNode process = client.getJson("/services/front").path("processes").get(0);
        assertThat(process.path("uptimeSeconds").isIntegralNumber()).isTrue();
        assertThat(process.path("unhealthy").asBoolean(true)).isFalse();
        assertThat(client.getJson("/services/front").path("restarts").isIntegralNumber()).isTrue();
    }

    /** Front's row of the history when its requests-per-second series adds up to {@code requests} or more. */
    private Optional<JsonNode> frontWithRequests(int requests) throws IOException {
        for (JsonNode row : client.getJson("/history").path("workers")) {
            if (row.path("service").asText().equals("front") && sum(row.path("data").get(5)) >= requests) {
                return Optional.of(row);
            }
        }
        return Optional.empty();
    }

    private static double sum(JsonNode values) {
        double sum = 0;
        for (JsonNode value : values) {
            sum += value.asDouble();
        }
        return sum;
    }

    @Test
    void stopAndStartOneService() throws IOException, InterruptedException {
        client.call("POST", "/services/back/stop");
        assertThat(client.getJson("/services/back").path("status").asText()).isEqualTo("stopped");
        assertThatThrownBy(() -> client.getJson("/services/back/proxy/hello"))
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_RUNTIME_SERVICE_NOT_STARTED");
        client.call("POST", "/services/back/start");
        assertThat(client.getJson("/services/back").path("status").asText()).isEqualTo("started");
        assertThatThrownBy(() -> client.call("POST", "/services/back/start"))
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_RUNTIME_SERVICE_ALREADY_STARTED");
    }

    @Test
    void restartReplacesTheListedServicesWorkers() throws Exception {
        List<Long> before = runtime.pidsOf("back");
        client.request("POST", "/restart", List.of(Map.entry("content-type", "application/json")),
                "{\"services\": [\"back\"]}".getBytes(StandardCharsets.UTF_8), Duration.ofMinutes(1));
        List<Long> after = runtime.pidsOf("back");
        assertThat(after).hasSameSizeAs(before).doesNotContainAnyElementsOf(before);
        assertThat(client.getJson("/services/back").path("status").asText()).isEqualTo("started");
    }

    @Test
    void heapDumpIsStreamedFromDiskAndThenRemoved() throws Exception {
        Path target = dir.resolve("front.hprof");
        long bytes = client.download("POST", "/services/front/heap-dump", target, Duration.ofMinutes(2));
        assertThat(bytes).isEqualTo(Files.size(target)).isGreaterThan(1_000_000);
        assertThat(new String(Files.readAllBytes(target), 0, 18, StandardCharsets.US_ASCII)).isEqualTo("JAVA PROFILE 1.0.2");
        try (var left = Files.list(runtime.supervisor().runtimeDirectory().resolve("diagnostics"))) {
            assertThat(left).isEmpty();
        }
        assertThatThrownBy(() -> client.download("POST", "/services/front/profile?durationMillis=soon", target,
                Duration.ofSeconds(10))).hasMessageContaining("durationMillis must be a number of milliseconds");
        assertThat(target).as("a failed download leaves the file that was there").hasSize(bytes);
        try (var left = Files.list(dir)) {
            assertThat(left.map(path -> path.getFileName().toString())).noneMatch(name -> name.endsWith(".part"));
        }
    }
}
