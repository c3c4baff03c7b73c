package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Workers calling each other by name through the mesh proxy, with the JDK's own HTTP clients. */
@Timeout(30)
class MeshProxyTest {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    private final CountDownLatch workerSawClose = new CountDownLatch(1);
    private InetSocketAddress mesh;
    private HttpClient client;
    private String bHost;

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    @BeforeEach
    void start() {
        TestBackend b = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                        + exchange.getRequestHeaders().getFirst("Host"))));
        bHost = "127.0.0.1:" + b.address().getPort();
        ScriptedBackend silent = open(new ScriptedBackend((socket, in, head) -> {
            try {
                while (in.read() >= 0) {
                    // never answers; waits for the proxy to give up
                }
            } finally {
                workerSawClose.countDown();
            }
        }));
        TestUpstreams upstreams = new TestUpstreams()
                .service("a")
                .service("b", b.address())
                .service("silent", silent.address());
        mesh = open(new MeshProxy(loops, upstreams, Duration.ofMillis(300))).bind();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(ProxySelector.of(mesh)).build();
    }

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private HttpResponse<String> get(String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).build(), BodyHandlers.ofString());
    }

    @Test
    void listensOnTheLoopbackAddress() {
        assertThat(mesh.getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(mesh.getPort()).isPositive();
    }

    @Test
    void httpClientReachesAServiceByName() throws Exception {
        HttpResponse<String> response = get("http://b.rt.local/x?q=1");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("GET /x?q=1 " + bHost);
    }

    @Test
    void httpUrlConnectionReachesAServiceByName() throws Exception {
        HttpURLConnection connection = (HttpURLConnection) new URL("http://b.rt.local/y")
                .openConnection(new Proxy(Proxy.Type.HTTP, mesh));
        try (InputStream body = connection.getInputStream()) {
            assertThat(connection.getResponseCode()).isEqualTo(200);
            assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("GET /y " + bHost);
        } finally {
            connection.disconnect();
        }
    }

    @Test
    void unknownServiceIsAnswered502ListingTheServices() throws Exception {
        HttpResponse<String> response = get("http://nope.rt.local/");

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        assertThat(response.body()).isEqualTo("{\"statusCode\":502,\"error\":\"Bad Gateway\",\"code\":\"RT_SERVICE_NOT_FOUND\","
                + "\"message\":\"Service \\\"nope\\\" not found. Available services are: a, b, silent\"}");
    }

    @Test
    void serviceWithoutStartedWorkerIsAnswered503WithRetryAfter() throws Exception {
        HttpResponse<String> response = get("http://a.rt.local/");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.body()).isEqualTo("{\"statusCode\":503,\"error\":\"Service Unavailable\","
                + "\"code\":\"RT_SERVICE_UNAVAILABLE\",\"message\":\"Service \\\"a\\\" has no started worker; retry shortly\"}");
    }

    @Test
    void serviceThatDoesNotAnswerInTimeIsAnswered504AndItsConnectionClosed() throws Exception {
        HttpResponse<String> response = get("http://silent.rt.local/wait");

        assertThat(response.statusCode()).isEqualTo(504);
        assertThat(response.body()).isEqualTo("{\"statusCode\":504,\"error\":\"Gateway Timeout\",\"code\":\"RT_SERVICE_TIMEOUT\","
                + "\"message\":\"Service \\\"silent\\\" did not answer within 300 ms (serviceTimeout)\"}");
        assertThat(workerSawClose.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(get("http://b.rt.local/after").body()).isEqualTo("GET /after " + bHost);
    }

    @Test
    void hostOutsideTheMeshIsAnswered400() throws Exception {
        HttpResponse<String> response = get("http://example.com/");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("\"code\":\"RT_MESH_INVALID_TARGET\"");
    }
}
