package dev.rt.supervisor.proxy.http2;

import dev.rt.supervisor.proxy.backend.BackendInitializer;
import dev.rt.supervisor.proxy.exchange.StreamWebSockets;
import dev.rt.supervisor.proxy.exchange.TunnelHandler;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.HttpConversionUtil.ExtensionHeaderNames;
import io.netty.util.ReferenceCountUtil;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

/**
 * WebSockets over an h2 stream (RFC 8441), for clients of an {@code http2} server: the server announces
 * {@code SETTINGS_ENABLE_CONNECT_PROTOCOL}, a client opens a WebSocket with an extended {@code CONNECT}
 * ({@code :protocol websocket}) on a stream, and the worker, which speaks HTTP/1.1, gets the usual upgrade
 * request ({@code GET} with {@code Upgrade: websocket} and a key of the proxy's own). Its {@code 101} becomes the
 * stream's {@code 200}, with the subprotocol and extensions it chose, and from then on the stream's DATA frames
 * and the worker's connection carry the WebSocket's frames unchanged, through a {@link TunnelHandler}.
 */
final class Http2WebSockets implements StreamWebSockets {
    /** Stateless: every stream's frontend shares it. */
    static final Http2WebSockets INSTANCE = new Http2WebSockets();
    private static final SecureRandom KEYS = new SecureRandom();

    private Http2WebSockets() {
    }

    @Override
    public boolean requested(HttpRequest head) {
        return HttpMethod.CONNECT.equals(head.method())
                && "websocket".equalsIgnoreCase(head.headers().get(ExtensionHeaderNames.PROTOCOL.text()));
    }

    @Override
    public void toUpgradeRequest(HttpRequest head) {
        HttpHeaders headers = head.headers();
        head.setMethod(HttpMethod.GET);
        head.setUri(headers.get(ExtensionHeaderNames.PATH.text(), "/"));
        headers.remove(HttpHeaderNames.TRANSFER_ENCODING); // the stream stays open for the WebSocket; no body
        headers.remove(HttpHeaderNames.CONTENT_LENGTH);
        headers.set(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET);
        headers.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        byte[] key = new byte[16];
        KEYS.nextBytes(key);
        headers.set(HttpHeaderNames.SEC_WEBSOCKET_KEY, Base64.getEncoder().encodeToString(key));
        if (!headers.contains(HttpHeaderNames.SEC_WEBSOCKET_VERSION)) {
            headers.set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, "13");
        }
    }

    /**
     * Answers the stream for the worker's {@code 101}: {@code 200} with the subprotocol and extensions the worker
     * chose, and no end of stream; then joins the stream to the worker's connection.
     */
    @Override
    public void accept(ChannelHandlerContext stream, HttpResponse switching, Channel worker) {
        HttpResponse accepted = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        for (var name : List.of(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL, HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS)) {
            String value = switching.headers().get(name);
            if (value != null) {
                accepted.headers().set(name, value);
            }
        }
        stream.writeAndFlush(accepted);
        stream.pipeline().addFirst("h2-bytes", new StreamBytes());
        TunnelHandler.join(stream.channel(), Http2Pipeline.STREAM_HANDLERS, worker, BackendInitializer.HANDLERS);
    }

    /** DATA frames of the stream to bytes for the tunnel, and the tunnel's bytes to DATA frames. */
    private static final class StreamBytes extends ChannelDuplexHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2DataFrame data) {
                ByteBuf content = data.content();
                if (content.isReadable()) {
                    ctx.fireChannelRead(content);
                } else {
                    content.release();
                }
                if (data.isEndStream()) {
                    ctx.close(); // the client is done: so is the worker's connection, once its bytes are out
                }
                return;
            }
            boolean reset = msg instanceof Http2ResetFrame;
            ReferenceCountUtil.release(msg); // trailers, or the end marker of the converted request
            if (reset) {
                ctx.close();
            }
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            ctx.write(msg instanceof ByteBuf bytes ? new DefaultHttp2DataFrame(bytes, false) : msg, promise);
        }
    }
}
