package dev.rt.supervisor.proxy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

/**
 * After the TLS handshake, builds the rest of the pipeline for the protocol the client and the server agreed
 * on by ALPN: {@code h2} or {@code http/1.1}. A client that offers no ALPN gets HTTP/1.1 when the server
 * accepts it, and is disconnected otherwise (an h2-only server).
 */
final class AlpnHandler extends ApplicationProtocolNegotiationHandler {
    private final ProxyInitializer initializer;
    private final boolean http1;

    AlpnHandler(ProxyInitializer initializer, boolean http1) {
        super(http1 ? ApplicationProtocolNames.HTTP_1_1 : "none");
        this.initializer = initializer;
        this.http1 = http1;
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
            initializer.http2(ctx.pipeline());
        } else if (http1 && ApplicationProtocolNames.HTTP_1_1.equals(protocol)) {
            initializer.http1(ctx.pipeline());
        } else {
            ctx.close();
        }
    }

    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a client that does not trust the certificate, or speaks no TLS: nothing to log per connection
    }
}
