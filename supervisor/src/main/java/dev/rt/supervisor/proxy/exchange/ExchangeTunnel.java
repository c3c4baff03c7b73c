package dev.rt.supervisor.proxy.exchange;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * How a {@link ProxyExchange} turns into a byte tunnel: the answer that opens it goes to the client (the trace of
 * {@link ExchangeExtras} ends with it), then both connections relay bytes ({@link TunnelHandler}), or, for a
 * WebSocket over an h2 stream, the stream carries them ({@link StreamWebSockets}).
 */
final class ExchangeTunnel {
    private ExchangeTunnel() {
    }

    /** A mesh {@code CONNECT} reached a worker: answered 200, then bytes are relayed. */
    static void connect(ChannelHandlerContext client, ExchangeExtras extras, Channel worker) {
        TunnelHandler.answerAndJoin(client, ExchangeExtras.end(extras, new DefaultHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.OK), false), worker);
    }

    /**
     * The worker switched protocols ({@code 101}): its answer goes to the client, hop-by-hop headers out but its
     * {@code Upgrade}; {@code webSockets} is the h2 stream's when the request was a WebSocket over it, else null.
     */
    static void switchProtocols(ChannelHandlerContext client, HttpResponse response, ExchangeExtras extras,
            Channel worker, StreamWebSockets webSockets) {
        String upgradeTo = response.headers().get(HttpHeaderNames.UPGRADE);
        HopByHopHeaders.remove(response.headers());
        response.headers().set(HttpHeaderNames.UPGRADE, upgradeTo);
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE);
        ExchangeExtras.end(extras, response, false);
        if (webSockets != null) {
            webSockets.accept(client, response, worker);
        } else {
            TunnelHandler.answerAndJoin(client, response, worker);
        }
    }
}
