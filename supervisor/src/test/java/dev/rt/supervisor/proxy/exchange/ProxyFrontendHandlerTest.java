package dev.rt.supervisor.proxy.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.TestUpstreams;
import dev.rt.supervisor.proxy.backend.BackendPool;
import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The answers the proxy gives by itself, through the real server codec, in memory. */
class ProxyFrontendHandlerTest {
    private final ProxyEventLoops loops = new ProxyEventLoops(1);
    private final TestUpstreams upstreams = new TestUpstreams()
            .service("a", new InetSocketAddress("127.0.0.1", 1))
            .service("b");
    private final EmbeddedChannel channel = new EmbeddedChannel(new HttpServerCodec(),
            new ProxyFrontendHandler(new FrontendConfig(new MeshRoute(upstreams), upstreams, new BackendPool(loops), 0,
                    ServerLimits.DEFAULTS.withHeadersTimeout(0), RequestObserver.NONE)));

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
        loops.close();
    }

    private String exchange(String request) {
        channel.writeInbound(Unpooled.copiedBuffer(request, StandardCharsets.ISO_8859_1));
        StringBuilder out = new StringBuilder();
        for (ByteBuf buf = channel.readOutbound(); buf != null; buf = channel.readOutbound()) {
            out.append(buf.toString(StandardCharsets.UTF_8));
            buf.release();
        }
        return out.toString();
    }

    @Test
    void unknownServiceIsAnswered502WithTheAvailableServices() {
        String response = exchange("GET http://zzz.rt.local/x HTTP/1.1\r\nHost: zzz.rt.local\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 502 Bad Gateway\r\n")
                .contains("content-type: application/json; charset=utf-8\r\n")
                .endsWith("\r\n\r\n{\"statusCode\":502,\"error\":\"Bad Gateway\",\"code\":\"RT_SERVICE_NOT_FOUND\","
                        + "\"message\":\"Service \\\"zzz\\\" not found. Available services are: a, b\"}");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void serviceWithoutStartedWorkerIsAnswered503WithRetryAfter() {
        String response = exchange("GET /x HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 503 Service Unavailable\r\n")
                .contains("retry-after: 1\r\n")
                .endsWith("{\"statusCode\":503,\"error\":\"Service Unavailable\",\"code\":\"RT_SERVICE_UNAVAILABLE\","
                        + "\"message\":\"Service \\\"b\\\" has no started worker; retry shortly\"}");
    }

    @Test
    void hostOutsideTheMeshIsAnswered400() {
        String response = exchange("GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n");

        assertThat(response).startsWith("HTTP/1.1 400 Bad Request\r\n")
                .contains("\"code\":\"RT_MESH_INVALID_TARGET\"");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOnTheSameConnection() {
        String response = exchange("GET /1 HTTP/1.1\r\nHost: zzz.rt.local\r\n\r\n"
                + "GET /2 HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        assertThat(response.indexOf("HTTP/1.1 502")).isZero();
        assertThat(response.indexOf("HTTP/1.1 503")).isPositive();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void bodyOfARejectedRequestIsDroppedAndTheNextRequestIsAnswered() {
        String response = exchange("POST /upload HTTP/1.1\r\nHost: zzz.rt.local\r\nContent-Length: 5\r\n\r\nhello"
                + "GET /next HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        assertThat(response).contains("HTTP/1.1 502").contains("HTTP/1.1 503").doesNotContain("hello");
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void errorAnswerToHeadHasNoBodyAndTheNextAnswerFollowsDirectly() {
        String response = exchange("HEAD /x HTTP/1.1\r\nHost: zzz.rt.local\r\n\r\n"
                + "GET /y HTTP/1.1\r\nHost: b.rt.local\r\n\r\n");

        int second = response.indexOf("HTTP/1.1 503");
        assertThat(response).startsWith("HTTP/1.1 502");
        assertThat(response.substring(0, second)).endsWith("\r\n\r\n").doesNotContain("statusCode");
    }

    @Test
    void requestWithoutKeepAliveGetsConnectionCloseAndTheConnectionEnds() {
        String response = exchange("GET / HTTP/1.0\r\nHost: zzz.rt.local\r\n\r\n");
        channel.runPendingTasks();

        assertThat(response).startsWith("HTTP/1.1 502").contains("connection: close\r\n");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void malformedRequestIsAnswered400AndTheConnectionEnds() {
        String response = exchange("GET / HTTP/1.1\r\nHost: a.rt.local\r\nContent-Length: x\r\n\r\n");
        channel.runPendingTasks();

        assertThat(response).startsWith("HTTP/1.1 400").contains("\"code\":\"RT_BAD_REQUEST\"");
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void drainClosesAnIdleConnection() {
        channel.pipeline().fireUserEventTriggered(ProxyFrontendHandler.DRAIN);
        channel.runPendingTasks();

        assertThat(channel.isOpen()).isFalse();
    }
}
