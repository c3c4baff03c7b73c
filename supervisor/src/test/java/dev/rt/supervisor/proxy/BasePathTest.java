package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code basePath}: the entrypoint sees paths without it; anything outside it is the framework's 404. */
@Timeout(30)
class BasePathTest {
    private final OpenResources resources = new OpenResources();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private URI base;

    @BeforeEach
    void start() {
        ProxyEventLoops loops = open(new ProxyEventLoops(1));
        TestBackend echo = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                exchange.getRequestMethod() + " " + exchange.getRequestURI())));
        EntrypointServer server = open(new EntrypointServer(loops, new TestUpstreams().service("a", echo.address()), "a",
                "/api/", ServerLimits.DEFAULTS, Optional.empty(), false));
        base = URI.create("http://127.0.0.1:" + server.bind("127.0.0.1", 0).getPort());
    }

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(base.resolve(path)).method(method, BodyPublishers.noBody()).build(),
                BodyHandlers.ofString());
    }

    @Test
    void basePathIsRemovedBeforeTheEntrypointSeesThePath() throws Exception {
        assertThat(send("GET", "/api/x").body()).isEqualTo("GET /x");
        assertThat(send("POST", "/api/x/y?q=1").body()).isEqualTo("POST /x/y?q=1");
        assertThat(send("GET", "/api").body()).isEqualTo("GET /");
        assertThat(send("GET", "/api/").body()).isEqualTo("GET /");
        assertThat(send("GET", "/api?q=2").body()).isEqualTo("GET /?q=2");
    }

    @Test
    void pathOutsideTheBasePathIsTheFrameworks404() throws Exception {
        HttpResponse<String> outside = send("GET", "/other/x");
        HttpResponse<String> prefixOnly = send("DELETE", "/apix");

        assertThat(outside.statusCode()).isEqualTo(404);
        assertThat(outside.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        assertThat(outside.body()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Route GET:/other/x not found\"}");
        assertThat(prefixOnly.body()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Route DELETE:/apix not found\"}");
        assertThat(send("GET", "/api/after").body()).isEqualTo("GET /after");
    }

    @Test
    void basePathIsNormalized() {
        assertThat(EntrypointRoute.normalizeBasePath("/api/")).isEqualTo("/api");
        assertThat(EntrypointRoute.normalizeBasePath("api")).isEqualTo("/api");
        assertThat(EntrypointRoute.normalizeBasePath("/")).isEmpty();
        assertThat(EntrypointRoute.normalizeBasePath("")).isEmpty();
    }
}
