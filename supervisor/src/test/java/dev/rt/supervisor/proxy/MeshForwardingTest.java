package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The {@code Host} and {@code X-Forwarded-*} headers a worker sees when another service calls it by name. */
@Timeout(30)
class MeshForwardingTest {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = resources.open(new ProxyEventLoops(1));
    private final TestBackend worker = resources.open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
            String.join("|", exchange.getRequestHeaders().get("Host")) + "|"
                    + exchange.getRequestHeaders().get("X-Forwarded-For") + "|"
                    + exchange.getRequestHeaders().get("X-Forwarded-Host") + "|"
                    + exchange.getRequestHeaders().get("X-Forwarded-Proto"))));
    private final String workerAddress = "127.0.0.1:" + worker.address().getPort();

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private HttpClient clientOf(TestUpstreams upstreams, Set<String> keepMeshName) {
        InetSocketAddress mesh = resources.open(new MeshProxy(loops, new MeshRoute(upstreams, List.of(), keepMeshName), upstreams, Duration.ofSeconds(10), BackendOptions.DEFAULTS)).bind();
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).proxy(ProxySelector.of(mesh)).build();
    }

    private static String get(HttpClient client, String url, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), BodyHandlers.ofString()).body();
    }

    @Test
    void workerSeesItsOwnAddressAsHostAndTheMeshNameAsForwardedHost() throws Exception {
        HttpClient client = clientOf(new TestUpstreams().service("h2", worker.address()), Set.of());

        assertThat(get(client, "http://h2.rt.local/")).isEqualTo(workerAddress + "|[127.0.0.1]|[h2.rt.local]|[http]");
        assertThat(get(client, "http://H2.RT.LOCAL:8080/x")).isEqualTo(workerAddress + "|[127.0.0.1]|[h2.rt.local]|[http]");
    }

    @Test
    void forwardedHeadersOfTheCallerAreReplacedExceptTheForwardedForChain() throws Exception {
        HttpClient client = clientOf(new TestUpstreams().service("h2", worker.address()), Set.of());

        assertThat(get(client, "http://h2.rt.local/", "X-Forwarded-For", "203.0.113.9",
                "X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"))
                .isEqualTo(workerAddress + "|[203.0.113.9, 127.0.0.1]|[h2.rt.local]|[http]");
    }

    @Test
    void serviceThatKeepsItsMeshNameSeesItAsHost() throws Exception {
        HttpClient client = clientOf(new TestUpstreams().service("named", worker.address())
                .service("plain", worker.address()), Set.of("named"));

        assertThat(get(client, "http://named.rt.local/")).isEqualTo("named.rt.local|[127.0.0.1]|[named.rt.local]|[http]");
        assertThat(get(client, "http://plain.rt.local/")).isEqualTo(workerAddress + "|[127.0.0.1]|[plain.rt.local]|[http]");
    }

    @Test
    void requestRetriedOnAnotherWorkerCarriesThatWorkersAddress() throws Exception {
        ScriptedBackend closesAtOnce = resources.open(new ScriptedBackend((socket, in, head) -> socket.close()));
        HttpClient client = clientOf(new TestUpstreams().service("h2", closesAtOnce.address(), worker.address()),
                Set.of());

        assertThat(get(client, "http://h2.rt.local/")).isEqualTo(workerAddress + "|[127.0.0.1]|[h2.rt.local]|[http]");
    }
}
