package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway added to a new project, on the distribution: from an empty directory, {@code rt create}, then
 * {@code rt gateway create} inside it (which makes the gateway the entrypoint), {@code rt build} and {@code rt start}:
 * the gateway routes to the service under its id and composes its OpenAPI document.
 */
class GatewayProjectIT {
    @TempDir
    Path work;

    @Test
    void aGatewayAddedToARuntimeRoutesToItsService() throws Exception {
        Path machine = Path.of(System.getProperty("user.home"), ".m2", "repository");
        Map<String, String> env = Map.of("MAVEN_ARGS", "-Dmaven.repo.local=" + work.resolve("m2")
                + " -Dmaven.repo.local.tail=" + machine);
        Path empty = Files.createDirectories(work.resolve("empty"));
        assertThat(ProjectRuns.rt(empty, env, "create", "--dir", "app")).contains("  api  installed in");
        Path app = empty.resolve("app");
        assertThat(ProjectRuns.rt(app, env, "gateway", "create", "--name", "edge", "--no-install")).contains(
                "rt: created the gateway application \"edge\", which the runtime in " + app,
                "rt: \"edge\" is now the runtime's entrypoint (" + app.resolve("rt.json") + ")");
        assertThat(app.resolve("services/edge/rt.json")).isRegularFile();
        assertThat(ProjectRuns.rt(app, env, "build")).contains("rt: building 2 services")
                .containsPattern("  api   built in [0-9.]+ s")
                .contains("  edge  nothing to do: no pom.xml, build.gradle or build.gradle.kts");

        Map<String, String> startEnv = new HashMap<>(env);
        startEnv.put("PORT", "0");
        try (RtProcess rt = RtProcess.start(app, startEnv, "start")) {
            String url = rt.awaitListening(Duration.ofSeconds(120)).replace("[0:0:0:0:0:0:0:0]", "127.0.0.1");
            assertThat(get(url + "/api/hello")).isEqualTo("200 {\"message\":\"Hello from api\"}");
            assertThat(get(url + "/documentation/json")).startsWith("200 ").contains("\"title\":\"edge\"",
                    "\"/api/hello\":{\"get\":{\"operationId\":\"api_getHello\"");
            assertThat(get(url + "/hello")).startsWith("404 ");
        }
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> response = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build()
                .send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                        HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }
}
