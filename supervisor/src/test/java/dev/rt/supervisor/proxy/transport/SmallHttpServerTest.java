package dev.rt.supervisor.proxy.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SmallHttpServerTest {
    private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void givesTheHandlerWholeRequestsAndRefusesLargerOnes() throws Exception {
        try (ProxyEventLoops loops = new ProxyEventLoops(1);
                SmallHttpServer server = SmallHttpServer.bind(loops, "test-clients", ANY_LOOPBACK_PORT, 16,
                        Echo::new, cause -> new RtException(ErrorCode.MESH_LISTEN_FAILED, "unused", cause))) {
            URI uri = URI.create("http://127.0.0.1:" + server.address().getPort() + "/");

            HttpResponse<String> echoed = client.send(HttpRequest.newBuilder(uri)
                    .POST(HttpRequest.BodyPublishers.ofString("sixteen bytes ok")).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> refused = client.send(HttpRequest.newBuilder(uri)
                    .POST(HttpRequest.BodyPublishers.ofString("seventeen bytes!!")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(echoed.statusCode()).isEqualTo(200);
            assertThat(echoed.body()).isEqualTo("sixteen bytes ok");
            assertThat(refused.statusCode()).isEqualTo(413);
        }
    }

    @Test
    void anAddressInUseIsTheCallersError() {
        try (ProxyEventLoops loops = new ProxyEventLoops(1);
                SmallHttpServer first = SmallHttpServer.bind(loops, "first", ANY_LOOPBACK_PORT, 16, Echo::new,
                        cause -> new RtException(ErrorCode.MESH_LISTEN_FAILED, "unused", cause))) {
            assertThatThrownBy(() -> SmallHttpServer.bind(loops, "second", first.address(), 16, Echo::new,
                    cause -> new RtException(ErrorCode.METRICS_LISTEN_FAILED, "taken: " + cause.getMessage(), cause)))
                    .isInstanceOfSatisfying(RtException.class,
                            error -> assertThat(error.code()).isEqualTo(ErrorCode.METRICS_LISTEN_FAILED.code()))
                    .hasMessageContaining("taken: ")
                    .hasMessageContaining("in use");
        }
    }

    /** Answers each request with its body. */
    private static final class Echo extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.copiedBuffer(request.content().toString(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
            context.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }
    }
}
