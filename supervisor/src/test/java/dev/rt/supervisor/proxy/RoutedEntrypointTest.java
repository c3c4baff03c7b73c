package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.routing.PrefixRoute;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.Target;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A public server with a routing table, over real sockets: what a gateway's requests go through. */
@Timeout(120)
class RoutedEntrypointTest {
    private static final Set<String> ALL = Set.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private static PrefixRoute prefix(Target target, String prefix) {
        return new PrefixRoute(target, Optional.empty(), prefix, "", ALL);
    }

    /** A public server for service "api" (no workers) with {@code routes}; its port. */
    private int serve(TestUpstreams upstreams, PublicRoutes routes, long timeoutMillis) {
        return open(new EntrypointServer(loops, upstreams, "api", "", ServerLimits.DEFAULTS, Optional.empty(), false,
                RequestObserver.NONE, Optional.of(routes), timeoutMillis)).bind("127.0.0.1", 0).getPort();
    }

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aWebSocketOpensThroughAPrefix() throws Exception {
        WebSocketEchoBackend chat = open(new WebSocketEchoBackend(loops));
        PublicRoutes routes = new PublicRoutes("api", false);
        routes.publish(new RoutingTable(List.of(prefix(Target.service("chat"), "/chat")), List.of(), Map.of()));
        int port = serve(new TestUpstreams().service("chat", chat.address()), routes, 0);
        LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();

        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://127.0.0.1:" + port + "/chat/ws"), new WebSocket.Listener() {
                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        received.add(data.toString());
                        webSocket.request(1);
                        return null;
                    }
                }).get(20, TimeUnit.SECONDS);
        socket.sendText("through the prefix", true).get(10, TimeUnit.SECONDS);

        assertThat(received.poll(20, TimeUnit.SECONDS)).isEqualTo("welcome 127.0.0.1:" + port);
        assertThat(received.poll(20, TimeUnit.SECONDS)).isEqualTo("through the prefix");
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
    }

    @Test
    void onlyTheOperationThatRewritesBodiesHoldsItsResponsesAndSendsThemWithTheirNewLength() throws Exception {
        List<String> encodings = new java.util.concurrent.CopyOnWriteArrayList<>();
        TestBackend movies = open(new TestBackend(exchange -> {
            encodings.add(exchange.getRequestURI() + " " + exchange.getRequestHeaders().getFirst("Accept-Encoding"));
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, 0); // chunked
            for (String part : new String[] {"{\"title\":", "\"alien\",", "\"year\":1979}"}) {
                exchange.getResponseBody().write(part.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                exchange.getResponseBody().flush();
            }
            exchange.close();
        }));
        dev.rt.kind.routing.ResponseBodyRewrite upper = new dev.rt.kind.routing.ResponseBodyRewrite() {
            @Override
            public boolean rewrites(int status, String contentType) {
                return status == 200 && contentType.startsWith("application/json");
            }

            @Override
            public byte[] rewrite(int status, byte[] body) {
                return new String(body, java.nio.charset.StandardCharsets.UTF_8).replace("title", "name")
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
        };
        PublicRoutes routes = new PublicRoutes("api", false);
        routes.publish(new RoutingTable(List.of(), List.of(
                new dev.rt.kind.routing.OperationRoute(Target.service("movies"), "/movies", "/renamed", "/x",
                        Set.of("GET"), Optional.of(upper)),
                new dev.rt.kind.routing.OperationRoute(Target.service("movies"), "/movies", "/plain", "/x",
                        Set.of("GET"))), Map.of()));
        int port = serve(new TestUpstreams().service("movies", movies.address()), routes, 5_000);

        for (int i = 0; i < 3; i++) { // one client connection and pooled worker connections, turn by turn
            HttpResponse<String> renamed = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/movies/renamed?gzip")).header("Accept-Encoding", "gzip").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(renamed.body()).isEqualTo("{\"name\":\"alien\",\"year\":1979}");
            assertThat(renamed.headers().firstValue("content-length")).hasValue("28");
            assertThat(renamed.headers().firstValue("transfer-encoding")).isEmpty();
            HttpResponse<String> plain = get(port, "/movies/plain");
            assertThat(plain.body()).isEqualTo("{\"title\":\"alien\",\"year\":1979}");
            assertThat(plain.headers().firstValue("content-length")).as("streamed as it came").isEmpty();
        }
        assertThat(encodings).as("a body to rewrite is asked for uncompressed").contains("/x?gzip null");
        assertThat(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/movies/renamed"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(200);
    }

    @Test
    void aRedirectOfTheServiceComesBackUnderItsPrefix() throws Exception {
        TestBackend users = open(new TestBackend(exchange -> {
            exchange.getResponseHeaders().set("Location", "/landing?from=" + exchange.getRequestURI().getPath());
            TestBackend.respond(exchange, 302, "");
        }));
        PublicRoutes routes = new PublicRoutes("api", false);
        routes.publish(new RoutingTable(List.of(prefix(Target.service("users"), "/users")), List.of(), Map.of()));
        int port = serve(new TestUpstreams().service("users", users.address()), routes, 0);

        HttpResponse<String> response = get(port, "/users/go");

        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(response.headers().firstValue("location")).hasValue("/users/landing?from=/go");
    }

    @Test
    void anOriginOutsideTheRuntimeIsReachedThroughThePoolWithItsOwnHost() throws Exception {
        List<String> hosts = new ArrayList<>();
        TestBackend legacy = open(new TestBackend(exchange -> {
            synchronized (hosts) {
                hosts.add(exchange.getRequestHeaders().getFirst("Host") + " " + exchange.getRequestURI()
                        + " " + exchange.getRequestHeaders().getFirst("X-Forwarded-Host"));
            }
            TestBackend.respond(exchange, 200, "legacy");
        }));
        String origin = "http://127.0.0.1:" + legacy.address().getPort();
        PublicRoutes routes = new PublicRoutes("api", false);
        routes.publish(new RoutingTable(List.of(prefix(new Target("legacy", Optional.of(origin)), "/legacy")),
                List.of(), Map.of()));
        int port = serve(new TestUpstreams(), routes, 5_000);

        for (int i = 0; i < 3; i++) {
            assertThat(get(port, "/legacy/items?page=" + i).body()).isEqualTo("legacy");
        }

        assertThat(hosts).containsExactly("127.0.0.1:" + legacy.address().getPort() + " /items?page=0 127.0.0.1:" + port,
                "127.0.0.1:" + legacy.address().getPort() + " /items?page=1 127.0.0.1:" + port,
                "127.0.0.1:" + legacy.address().getPort() + " /items?page=2 127.0.0.1:" + port);
        assertThat(legacy.connectionsSeen()).isEqualTo(1);
    }

    @Test
    void aRoutedRequestWaitsForItsAnswerNoLongerThanTheServiceTimeout() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        TestBackend slow = open(new TestBackend(exchange -> {
            TestBackend.await(release);
            TestBackend.respond(exchange, 200, "late");
        }));
        resources.push(release::countDown);
        PublicRoutes routes = new PublicRoutes("api", false);
        routes.publish(new RoutingTable(List.of(prefix(Target.service("slow"), "/slow")), List.of(), Map.of()));
        int port = serve(new TestUpstreams().service("slow", slow.address()), routes, 300);

        HttpResponse<String> response = get(port, "/slow/x");

        assertThat(response.statusCode()).isEqualTo(504);
        assertThat(response.body()).contains("\"code\":\"RT_SERVICE_TIMEOUT\"");
    }

    @Test
    void tablesReplacedUnderLoadFailNoRequest() throws Exception {
        TestBackend v1 = open(TestBackend.named("v1"));
        TestBackend v2 = open(TestBackend.named("v2"));
        PublicRoutes routes = new PublicRoutes("api", false);
        RoutingTable first = new RoutingTable(List.of(prefix(Target.service("v1"), "/items")), List.of(), Map.of());
        RoutingTable second = new RoutingTable(List.of(prefix(Target.service("v2"), "/items")), List.of(), Map.of());
        routes.publish(first);
        int port = serve(new TestUpstreams().service("v1", v1.address()).service("v2", v2.address()), routes, 10_000);
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        List<CompletableFuture<Void>> clients = new ArrayList<>();
        AtomicBoolean swapping = new AtomicBoolean(true);
        for (int c = 0; c < 8; c++) {
            clients.add(CompletableFuture.runAsync(() -> {
                while (swapping.get()) {
                    try {
                        HttpResponse<String> response = get(port, "/items/1");
                        (response.statusCode() == 200 && response.body().startsWith("v") ? answered : failed)
                                .incrementAndGet();
                    } catch (Exception e) {
                        failed.incrementAndGet();
                    }
                }
            }));
        }
        int swaps = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        // as many swaps and answers as the test needs, however slow the machine: counted, not timed
        while ((swaps < 100 || answered.get() < 200) && System.nanoTime() < deadline) {
            routes.publish(swaps++ % 2 == 0 ? second : first);
            Thread.sleep(5); // pacing the publisher only; every client request is checked, none waits on this
        }
        swapping.set(false);
        CompletableFuture.allOf(clients.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

        assertThat(failed.get()).isZero();
        assertThat(answered.get()).isGreaterThanOrEqualTo(200);
        assertThat(swaps).isGreaterThanOrEqualTo(100);
    }
}
