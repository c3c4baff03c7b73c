package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.UndiciConfig;
import dev.rt.supervisor.Poll;
import dev.rt.supervisor.proxy.backend.BackendOptions;
import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** undici's agent options as the mesh's connections to workers. */
@Timeout(30)
class BackendOptionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void agentOptionsMapToThePoolAndMissingOnesKeepTheDefaults() throws Exception {
        assertThat(BackendOptions.from(UndiciConfig.DEFAULTS)).isEqualTo(BackendOptions.DEFAULTS);
        assertThat(BackendOptions.from(UndiciConfig.from(JSON.readTree(
                "{\"keepAliveTimeout\": 4000, \"keepAliveMaxTimeout\": 600000, \"connections\": 8, \"connectTimeout\": 500}"))))
                .isEqualTo(new BackendOptions(4000, 600000, 8, 500));
    }

    @Test
    void connectionsLimitsTheConnectionsToOneWorkerAndRequestsWaitForOne() throws Exception {
        CountDownLatch firstArrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (ProxyEventLoops loops = new ProxyEventLoops(1);
                TestBackend worker = new TestBackend(exchange -> {
                    firstArrived.countDown();
                    TestBackend.await(release);
                    TestBackend.respond(exchange, 200, "done");
                })) {
            TestUpstreams upstreams = new TestUpstreams().service("b", worker.address());
            try (MeshProxy mesh = new MeshProxy(loops, new MeshRoute(upstreams), upstreams, Duration.ofSeconds(20),
                    new BackendOptions(60_000, 600_000, 1, 1000))) {
                HttpClient client = HttpClient.newBuilder().proxy(ProxySelector.of(mesh.bind())).build();
                List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    calls.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://b.rt.local/" + i)).build(),
                            BodyHandlers.ofString()));
                }
                assertThat(firstArrived.await(10, TimeUnit.SECONDS)).isTrue();
                Poll.until(Duration.ofSeconds(10), () -> mesh.openConnections() >= 3,
                        () -> "the three calls did not reach the mesh: " + mesh.openConnections() + " connections");
                release.countDown();

                for (CompletableFuture<HttpResponse<String>> call : calls) {
                    assertThat(call.get(20, TimeUnit.SECONDS).body()).isEqualTo("done");
                }
                assertThat(worker.connectionsSeen()).as("connections the worker saw").isEqualTo(1);
            }
        }
    }

    @Test
    void requestsWaitingOnAnotherEventLoopGetTheConnectionToo() throws Exception {
        try (ProxyEventLoops loops = new ProxyEventLoops(2); TestBackend worker = TestBackend.named("done")) {
            TestUpstreams upstreams = new TestUpstreams().service("b", worker.address());
            try (MeshProxy mesh = new MeshProxy(loops, new MeshRoute(upstreams), upstreams, Duration.ofSeconds(20),
                    new BackendOptions(60_000, 600_000, 1, 1000))) {
                InetSocketAddress address = mesh.bind();
                List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    // a client each, so that the calls arrive on connections of both event loops
                    calls.add(HttpClient.newBuilder().proxy(ProxySelector.of(address)).build()
                            .sendAsync(HttpRequest.newBuilder(URI.create("http://b.rt.local/" + i)).build(),
                                    BodyHandlers.ofString()));
                }
                for (CompletableFuture<HttpResponse<String>> call : calls) {
                    assertThat(call.get(20, TimeUnit.SECONDS).body()).isEqualTo("done");
                }
            }
        }
    }

    @Test
    void idleWorkerConnectionIsClosedAfterKeepAliveTimeout() throws Exception {
        CountDownLatch closedByProxy = new CountDownLatch(1);
        try (ProxyEventLoops loops = new ProxyEventLoops(1);
                ScriptedBackend worker = new ScriptedBackend((socket, in, head) -> {
                    OutputStream out = socket.getOutputStream();
                    out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes());
                    out.flush();
                    if (in.read() < 0) {
                        closedByProxy.countDown();
                    }
                });
                MeshProxy mesh = new MeshProxy(loops, new MeshRoute(new TestUpstreams().service("b", worker.address())),
                        new TestUpstreams().service("b", worker.address()), Duration.ofSeconds(5),
                        new BackendOptions(200, 600_000, Integer.MAX_VALUE, 1000))) {
            HttpClient client = HttpClient.newBuilder().proxy(ProxySelector.of(mesh.bind())).build();

            assertThat(client.send(HttpRequest.newBuilder(URI.create("http://b.rt.local/")).build(),
                    BodyHandlers.ofString()).body()).isEqualTo("ok");

            assertThat(closedByProxy.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
