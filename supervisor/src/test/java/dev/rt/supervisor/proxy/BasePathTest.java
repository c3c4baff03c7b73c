package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.route.EntrypointRoute;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code basePath}: the entrypoint sees paths without it; anything outside it is answered 404 Route not found. */
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
    void requestInAbsoluteFormGoesOnInOriginFormWithTheTargetsHost() throws Exception {
        try (RawHttpConnection connection = new RawHttpConnection(new InetSocketAddress(base.getHost(), base.getPort()))) {
            connection.send("GET http://public.example:8080/api/x?q=1 HTTP/1.1\r\nHost: other.example\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.text()).isEqualTo("GET /x?q=1");
        }
    }

    @Test
    void absoluteFormBecomesOriginForm() {
        assertThat(originForm("http://h.example/a/b?c", "x")).isEqualTo("/a/b?c Host: h.example");
        assertThat(originForm("HTTPS://user:pw@h.example:8443?q", "x")).isEqualTo("/?q Host: h.example:8443");
        assertThat(originForm("http://h.example", "x")).isEqualTo("/ Host: h.example");
        assertThat(originForm("http:///a", "x")).isEqualTo("/a Host: x");
        assertThat(originForm("*", "x")).isEqualTo("* Host: x");
        assertThat(originForm("ftp://h.example/a", "x")).isEqualTo("ftp://h.example/a Host: x");
    }

    private static String originForm(String target, String host) {
        DefaultHttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, target);
        request.headers().set("Host", host);
        EntrypointRoute.toOriginForm(request);
        return request.uri() + " Host: " + request.headers().get("Host");
    }

    @Test
    void pathsAreJudgedWithTheirDotSegmentsResolvedAndSlashesMerged() throws Exception {
        assertThat(raw("/api/a/../b?q=/../x")).isEqualTo("200 GET /b?q=/../x");
        assertThat(raw("/api//x")).isEqualTo("200 GET /x");
        assertThat(raw("/api/./x/.")).isEqualTo("200 GET /x/");
        assertThat(raw("/api/../secret")).startsWith("404 ").contains("Route GET:/secret not found");
        assertThat(raw("/api/../../etc")).startsWith("400 ").contains("climbs above the root");
    }

    @Test
    void normalizedPathLeavesTheUsualPathAlone() {
        String usual = "/api/x/y?z=1";
        assertThat(EntrypointRoute.normalizedPath(usual)).isSameAs(usual);
        assertThat(EntrypointRoute.normalizedPath("/a/b/..")).isEqualTo("/a/");
        assertThat(EntrypointRoute.normalizedPath("/..")).isNull();
        assertThat(EntrypointRoute.normalizedPath("/.well-known/x")).isEqualTo("/.well-known/x");
    }

    /** "status body" of a GET of {@code target} sent as it is (the JDK client would resolve it first). */
    private String raw(String target) throws Exception {
        try (RawHttpConnection connection = new RawHttpConnection(new InetSocketAddress(base.getHost(), base.getPort()))) {
            connection.send("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response response = connection.read();
            return response.status() + " " + response.text();
        }
    }

    @Test
    void basePathIsNormalized() {
        assertThat(EntrypointRoute.normalizeBasePath("/api/")).isEqualTo("/api");
        assertThat(EntrypointRoute.normalizeBasePath("api")).isEqualTo("/api");
        assertThat(EntrypointRoute.normalizeBasePath("/")).isEmpty();
        assertThat(EntrypointRoute.normalizeBasePath("")).isEmpty();
    }
}
