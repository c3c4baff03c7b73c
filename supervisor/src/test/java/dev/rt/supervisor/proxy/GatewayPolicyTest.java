package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.cors.CorsSettings;
import dev.rt.kind.forwarded.TrustedProxies;
import dev.rt.kind.routing.PrefixRoute;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.ServerPolicy;
import dev.rt.kind.routing.Target;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A gateway's own server settings at a public server that routes to real backends over real sockets: what reaches
 * the service, what comes back, what is cut. The answers given before routing are {@code PolicyExchangeTest}'s.
 */
@Timeout(60)
class GatewayPolicyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = resources.open(new ProxyEventLoops(1));

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private static ServerPolicy policy(Map<String, Object> cors, long bodyLimit, long requestTimeout,
            long maxRequestsPerSocket, boolean forceClose, Object trustProxy) {
        return new ServerPolicy(cors.isEmpty() ? Optional.empty() : Optional.of(CorsSettings.read(cors, "/server/cors")),
                bodyLimit > 0 ? OptionalLong.of(bodyLimit) : OptionalLong.empty(), requestTimeout, 0,
                OptionalLong.empty(), maxRequestsPerSocket, forceClose, TrustedProxies.of(trustProxy));
    }

    private static ServerPolicy timeouts(long connectionTimeout, long keepAliveTimeout) {
        return new ServerPolicy(Optional.empty(), OptionalLong.empty(), 0, connectionTimeout,
                OptionalLong.of(keepAliveTimeout), 0, false, TrustedProxies.NONE);
    }

    /** A public server listening at {@code address}. */
    private record Served(EntrypointServer server, InetSocketAddress address) {
    }

    /** A public server for the gateway "api" (no workers) routing /svc to {@code backend}, with {@code policy}. */
    private Served serve(TestBackend backend, ServerPolicy policy) {
        return serve(backend.address(), policy);
    }

    private Served serve(InetSocketAddress backend, ServerPolicy policy) {
        return serve(backend, policy, false);
    }

    /** @param h2 whether the server also takes h2 in clear text (prior knowledge) */
    private Served serve(InetSocketAddress backend, ServerPolicy policy, boolean h2) {
        PublicRoutes routes = new PublicRoutes("api", false, policy);
        routes.publish(new RoutingTable(List.of(new PrefixRoute(Target.service("svc"), Optional.empty(), "/svc", "",
                Set.of("GET", "POST", "PUT", "OPTIONS"))), List.of(), Map.of()));
        EntrypointServer server = resources.open(new EntrypointServer(loops, new TestUpstreams().service("svc",
                backend), "api", "", ServerLimits.DEFAULTS, Optional.empty(), h2, RequestObserver.NONE,
                Optional.of(routes), 0));
        return new Served(server, server.bind("127.0.0.1", 0));
    }

    private RawHttpConnection connect(Served served) throws IOException {
        return resources.open(new RawHttpConnection(served.address()));
    }

    @Test
    void aServicesResponseGetsTheGatewaysCorsHeadersWhereItSetNoneOfItsOwn() throws Exception {
        TestBackend backend = resources.open(new TestBackend(exchange -> {
            exchange.getResponseHeaders().add("Vary", "Accept-Encoding");
            if (exchange.getRequestURI().getPath().equals("/own")) {
                exchange.getResponseHeaders().add("Access-Control-Allow-Origin", "https://set.by.the.service");
            }
            TestBackend.respond(exchange, 200, "ok");
        }));
        Served server = serve(backend, policy(Map.of("origin", true, "exposedHeaders", "x-total"), 0, 0, 0,
                false, List.of()));
        RawHttpConnection client = connect(server);

        client.send("GET /svc/plain HTTP/1.1\r\nHost: a\r\nOrigin: https://app.test\r\n\r\n");
        RawHttpConnection.Response plain = client.read();
        client.send("GET /svc/own HTTP/1.1\r\nHost: a\r\nOrigin: https://app.test\r\n\r\n");
        RawHttpConnection.Response own = client.read();

        assertThat(plain.text()).isEqualTo("ok");
        assertThat(plain.header("access-control-allow-origin")).isEqualTo("https://app.test");
        assertThat(plain.header("access-control-expose-headers")).isEqualTo("x-total");
        assertThat(plain.header("vary")).isEqualTo("Accept-Encoding, Origin");
        assertThat(own.header("access-control-allow-origin")).isEqualTo("https://set.by.the.service");
    }

    @Test
    void aStreamedBodyThatCrossesTheLimitAfterPartWentToTheServiceIsA413AndTheRestNeverReachesIt() throws Exception {
        CountDownLatch headArrived = new CountDownLatch(1);
        CompletableFuture<String> forwarded = new CompletableFuture<>();
        ScriptedBackend backend = resources.open(new ScriptedBackend((socket, in, head) -> {
            headArrived.countDown();
            forwarded.complete(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
        }));
        Served server = serve(backend.address(), policy(Map.of(), 16, 0, 0, false, false));
        RawHttpConnection client = connect(server);

        client.send("POST /svc/upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "a\r\nfirst-part\r\n");
        assertThat(headArrived.await(20, TimeUnit.SECONDS)).isTrue(); // the request streams to the service
        client.send("a\r\nover-limit\r\n0\r\n\r\n");
        RawHttpConnection.Response response = client.read();

        assertThat(response.status()).isEqualTo(413);
        assertThat(response.header("connection")).isEqualTo("close");
        assertThat(JSON.readTree(response.body()).get("code").asText()).isEqualTo("FST_ERR_CTP_BODY_TOO_LARGE");
        assertThat(client.readToEnd()).isEmpty();
        assertThat(forwarded.get(20, TimeUnit.SECONDS)).contains("first-part").doesNotContain("over-limit");
    }

    @Test
    void aBodyThatStallsPastTheRequestTimeoutIsA408() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        TestBackend backend = resources.open(new TestBackend(exchange -> {
            reading.countDown();
            exchange.getRequestBody().readAllBytes();
        }));
        Served server = serve(backend, policy(Map.of(), 0, 300, 0, false, false));
        RawHttpConnection client = connect(server);

        client.send("PUT /svc/slow HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n01234");
        RawHttpConnection.Response response = client.read();

        assertThat(reading.await(20, TimeUnit.SECONDS)).isTrue(); // the request had reached the service
        assertThat(response.status()).isEqualTo(408);
        assertThat(response.text()).isEqualTo("{\"statusCode\":408,\"error\":\"Request Timeout\","
                + "\"message\":\"Request Timeout\"}");
        assertThat(client.readToEnd()).isEmpty();
    }

    @Test
    void theForwardedHostAndSchemeOfATrustedProxyReachTheServiceAndAnyoneElsesAreReplaced() throws Exception {
        TestBackend backend = resources.open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                exchange.getRequestHeaders().getFirst("X-Forwarded-Proto") + " "
                        + exchange.getRequestHeaders().getFirst("X-Forwarded-Host"))));
        String request = "GET /svc/x HTTP/1.1\r\nHost: gw.local\r\nX-Forwarded-Proto: https\r\n"
                + "X-Forwarded-Host: shop.example.com\r\n\r\n";

        RawHttpConnection trusting = connect(serve(backend, policy(Map.of(), 0, 0, 0, false, "loopback")));
        trusting.send(request);
        RawHttpConnection elsewhere = connect(serve(backend, policy(Map.of(), 0, 0, 0, false, "10.0.0.0/8")));
        elsewhere.send(request);

        assertThat(trusting.read().text()).isEqualTo("https shop.example.com");
        assertThat(elsewhere.read().text()).isEqualTo("http gw.local");
    }

    @Test
    void theRequestThatReachesMaxRequestsPerSocketEndsItsConnection() throws Exception {
        TestBackend backend = resources.open(TestBackend.named("svc"));
        RawHttpConnection client = connect(serve(backend, policy(Map.of(), 0, 0, 2, false, false)));

        client.send("GET /svc/1 HTTP/1.1\r\nHost: a\r\n\r\n");
        RawHttpConnection.Response first = client.read();
        client.send("GET /svc/2 HTTP/1.1\r\nHost: a\r\n\r\n");
        RawHttpConnection.Response second = client.read();

        assertThat(first.header("connection")).isNull();
        assertThat(second.status()).isEqualTo(200);
        assertThat(second.header("connection")).isEqualTo("close");
        assertThat(client.readToEnd()).isEmpty();
    }

    @Test
    void forceCloseConnectionsCutsARequestInFlightAtStopInsteadOfWaitingForIt() throws Exception {
        CountDownLatch inFlight = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        resources.push(release::countDown);
        TestBackend backend = resources.open(new TestBackend(exchange -> {
            inFlight.countDown();
            TestBackend.await(release);
            TestBackend.respond(exchange, 200, "late");
        }));
        Served server = serve(backend, policy(Map.of(), 0, 0, 0, true, false));
        RawHttpConnection client = connect(server);
        client.send("GET /svc/slow HTTP/1.1\r\nHost: a\r\n\r\n");
        assertThat(inFlight.await(20, TimeUnit.SECONDS)).isTrue();

        long start = System.nanoTime();
        server.server().close(Duration.ofSeconds(30));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
        assertThat(client.readToEnd()).isEmpty();
    }

    @Test
    void aConnectionThatSendsNothingForConnectionTimeoutIsClosedLongBeforeTheHeadersTimeout() throws Exception {
        RawHttpConnection client = connect(serve(resources.open(TestBackend.named("svc")), timeouts(300, 60_000)));

        assertThat(client.readToEnd()).isEmpty(); // the server closed it; 10 s without would fail the read
    }

    @Test
    void keepAliveTimeoutIsThePublicServersIdleTimeoutUnlessTheRuntimesServerSetsOne() {
        EntrypointPolicy keepAlive = EntrypointPolicy.of(timeouts(0, 5_000));

        assertThat(EntrypointServer.limits(JSON.createObjectNode(), keepAlive).idleTimeoutMillis()).isEqualTo(5_000);
        assertThat(EntrypointServer.limits(JSON.createObjectNode().put("idleTimeout", 1_000), keepAlive)
                .idleTimeoutMillis()).isEqualTo(1_000);
        assertThat(EntrypointServer.limits(JSON.createObjectNode(), EntrypointPolicy.NONE).idleTimeoutMillis())
                .isEqualTo(ServerLimits.DEFAULTS.idleTimeoutMillis());
    }

    @Test
    void h2StreamsGetTheSamePreflightAnswersAndBodyLimit() throws Exception {
        TestBackend backend = resources.open(TestBackend.named("svc"));
        Served server = serve(backend.address(), policy(Map.of("origin", true), 16, 0, 0, false, List.of()), true);
        String url = "http://127.0.0.1:" + server.address().getPort() + "/svc/upload";

        Curl.Result preflight = Curl.run("--http2-prior-knowledge", "-s", "-D", "-", "-o", "/dev/null", "-X", "OPTIONS",
                "-H", "Origin: https://app.test", "-H", "Access-Control-Request-Method: PUT", url);
        Curl.Result tooLarge = Curl.run("--http2-prior-knowledge", "-s", "-w", " %{http_code} %{http_version}",
                "--data-binary", "0123456789abcdefXYZ", url);
        Curl.Result small = Curl.run("--http2-prior-knowledge", "-s", "-w", " %{http_code} %{http_version}",
                "--data-binary", "0123456789", url);

        assertThat(preflight.out()).as(preflight.err()).startsWith("HTTP/2 204")
                .contains("access-control-allow-origin: https://app.test");
        assertThat(tooLarge.out()).as(tooLarge.err()).endsWith("\"code\":\"FST_ERR_CTP_BODY_TOO_LARGE\","
                + "\"message\":\"Request body is too large\"} 413 2");
        assertThat(small.out()).as(small.err()).isEqualTo("svc 200 2");
    }
}
