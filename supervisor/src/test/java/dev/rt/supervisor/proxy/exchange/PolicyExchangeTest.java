package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.cors.CorsSettings;
import dev.rt.kind.forwarded.TrustedProxies;
import dev.rt.kind.routing.RoutingTable;
import dev.rt.kind.routing.ServerPolicy;
import dev.rt.supervisor.proxy.TestUpstreams;
import dev.rt.supervisor.proxy.backend.BackendPool;
import dev.rt.supervisor.proxy.route.EntrypointRoute;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A gateway's own server settings on its public server's exchanges, through the real codec, in memory: the answers
 * the policy gives before routing (preflights, a declared body over the limit) and the CORS headers on the proxy's
 * own answers. Refusals in the middle of a body forwarded to a worker are {@code GatewayPolicyTest}'s.
 */
class PolicyExchangeTest {
    private static final CorsSettings CORS = CorsSettings.read(Map.of(
            "origin", List.of(Map.of("regexp", "^https://([a-z]+\\.)?example\\.com$")), "credentials", true,
            "maxAge", 600, "exposedHeaders", "x-total"), "/server/cors");
    private static final ServerPolicy POLICY = new ServerPolicy(Optional.of(CORS), OptionalLong.of(10), 500, 0,
            OptionalLong.empty(), 0, false, TrustedProxies.NONE);

    private final ProxyEventLoops loops = new ProxyEventLoops(1);
    private final TestUpstreams upstreams = new TestUpstreams();
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec());

    PolicyExchangeTest() {
        PublicRoutes routes = new PublicRoutes("api", false, POLICY);
        routes.publish(RoutingTable.EMPTY);
        FrontendConfig config = new FrontendConfig(routes.over(new EntrypointRoute("api", "", "http")), upstreams,
                new BackendPool(loops), 0, ServerLimits.DEFAULTS.withHeadersTimeout(0), RequestObserver.NONE,
                ExchangeHooks.NONE, routes.policy());
        routes.policy().addRequestStages(channel.pipeline(), false);
        channel.pipeline().addLast(new ProxyFrontendHandler(config));
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
        loops.close();
    }

    private String exchange(String request) {
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.ISO_8859_1));
        channel.runPendingTasks();
        StringBuilder out = new StringBuilder();
        for (ByteBuf buf = channel.readOutbound(); buf != null; buf = channel.readOutbound()) {
            out.append(buf.toString(StandardCharsets.UTF_8));
            buf.release();
        }
        return out.toString();
    }

    @Test
    void aPreflightFromAnAllowedOriginIsAnsweredHereAndTheConnectionStays() {
        String response = exchange("OPTIONS /movies HTTP/1.1\r\nHost: a\r\nOrigin: https://shop.example.com\r\n"
                + "Access-Control-Request-Method: PUT\r\nAccess-Control-Request-Headers: content-type\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 204 No Content\r\n")
                .contains("access-control-allow-origin: https://shop.example.com\r\n")
                .contains("access-control-allow-credentials: true\r\n")
                .contains("access-control-expose-headers: x-total\r\n")
                .contains("access-control-allow-methods: GET,HEAD,PUT,PATCH,POST,DELETE\r\n")
                .contains("access-control-allow-headers: content-type\r\n")
                .contains("access-control-max-age: 600\r\n")
                .contains("vary: Origin, Access-Control-Request-Headers\r\n").endsWith("\r\n\r\n");
        assertThat(channel.isOpen()).isTrue();
        assertThat(exchange("GET /next HTTP/1.1\r\nHost: a\r\n\r\n")).startsWith("HTTP/1.1 404");
    }

    @Test
    void aStrictPreflightWithoutItsMethodIsRefusedWithTheReferenceText() {
        String response = exchange("OPTIONS /movies HTTP/1.1\r\nHost: a\r\nOrigin: https://example.com\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 400 Bad Request\r\n")
                .contains("access-control-allow-origin: https://example.com\r\n")
                .contains("content-type: text/plain; charset=utf-8\r\n")
                .endsWith("\r\n\r\nInvalid Preflight Request");
    }

    @Test
    void aPreflightFromAnotherOriginGetsNothingOfCorsAndGoesOnToTheRoutes() {
        String response = exchange("OPTIONS /movies HTTP/1.1\r\nHost: a\r\nOrigin: https://evil.test\r\n"
                + "Access-Control-Request-Method: PUT\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 404 Not Found\r\n").doesNotContain("access-control-");
    }

    @Test
    void theProxysOwnAnswersCarryTheCorsHeadersOfAnAllowedOrigin() {
        String response = exchange("GET /nowhere HTTP/1.1\r\nHost: a\r\nOrigin: https://example.com\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 404 Not Found\r\n")
                .contains("access-control-allow-origin: https://example.com\r\n").contains("vary: Origin\r\n")
                .endsWith("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Route GET:/nowhere not found\"}");
    }

    @Test
    void aDeclaredBodyOverTheLimitIsA413ThatClosesTheConnectionAndNeverReachesARoute() {
        String response = exchange("POST /movies HTTP/1.1\r\nHost: a\r\nOrigin: https://example.com\r\n"
                + "Content-Length: 11\r\n\r\nhello world");

        assertThat(response).startsWith("HTTP/1.1 413 Payload Too Large\r\n")
                .contains("access-control-allow-origin: https://example.com\r\n")
                .contains("connection: close\r\n").contains("content-type: application/json; charset=utf-8\r\n")
                .endsWith("{\"statusCode\":413,\"error\":\"Payload Too Large\",\"code\":\"FST_ERR_CTP_BODY_TOO_LARGE\","
                        + "\"message\":\"Request body is too large\"}");
        assertThat(channel.isOpen()).isFalse();
    }
}
