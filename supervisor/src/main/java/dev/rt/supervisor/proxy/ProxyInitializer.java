package dev.rt.supervisor.proxy;

import dev.rt.supervisor.proxy.backend.BackendInitializer;
import dev.rt.supervisor.proxy.exchange.ClientTimeouts;
import dev.rt.supervisor.proxy.exchange.FrontendConfig;
import dev.rt.supervisor.proxy.exchange.ProxyFrontendHandler;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.http2.Http2Pipeline;
import dev.rt.supervisor.proxy.tls.ServerTls;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Pipeline of a client connection. Beyond {@link ServerLimits#maxConnections()} open ones, a new connection is closed
 * at once. With TLS: the handshake (certificate by SNI), then HTTP/1.1 or h2 by ALPN ({@link AlpnHandler}); without:
 * HTTP/1.1, or with {@code http2} also h2 with prior knowledge ({@link PrefaceDetector}). HTTP/1.1 is the server
 * codec (streaming: no aggregation), an idle timer and the {@link ProxyFrontendHandler} (the names {@link
 * ProxyFrontendHandler#HTTP1_HANDLERS} lists); h2 is {@link Http2Pipeline}. Each connection joins {@code clients}, so
 * that its server can drain and close it; one accepted while the server closes is closed at once.
 */
final class ProxyInitializer extends ChannelInitializer<Channel> {
    private final FrontendConfig config;
    private final Optional<ServerTls> tls;
    private final boolean cleartextH2;
    private final ChannelGroup clients;
    private final BooleanSupplier closing;
    private final AtomicInteger open = new AtomicInteger();

    ProxyInitializer(FrontendConfig config, Optional<ServerTls> tls, boolean cleartextH2, ChannelGroup clients,
            BooleanSupplier closing) {
        this.config = config;
        this.tls = tls;
        this.cleartextH2 = cleartextH2;
        this.clients = clients;
        this.closing = closing;
    }

    @Override
    protected void initChannel(Channel channel) {
        if (closing.getAsBoolean()) {
            channel.close();
            return;
        }
        if (open.incrementAndGet() > config.limits().maxConnections()) {
            open.decrementAndGet();
            channel.close();
            return;
        }
        channel.closeFuture().addListener(closed -> open.decrementAndGet());
        clients.add(channel);
        config.policy().addConnectionStages(channel.pipeline());
        if (tls.isPresent()) {
            channel.pipeline().addLast("tls", tls.get().newHandler())
                    .addLast("alpn", new AlpnHandler(this, tls.get().offersHttp1()));
            channel.read();
        } else if (cleartextH2) {
            channel.pipeline().addLast("preface", new PrefaceDetector(this));
            channel.read();
        } else {
            http1(channel.pipeline());
        }
    }

    /** Connections open now (those past the limit never count). */
    int openConnections() {
        return open.get();
    }

    void http1(ChannelPipeline pipeline) {
        ServerLimits limits = config.limits();
        HttpDecoderConfig decoder = new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxRequestLineLength())
                .setMaxHeaderSize(limits.maxHeaderSize())
                .setMaxChunkSize(BackendInitializer.MAX_CHUNK_SIZE);
        pipeline.addLast("idle", new IdleStateHandler(limits.idleTimeoutMillis(), 0, 0, TimeUnit.MILLISECONDS))
                .addLast("http", new HttpServerCodec(decoder))
                .addLast("timeouts", new ClientTimeouts(limits.headersTimeoutMillis(), limits.idleTimeoutMillis()));
        config.policy().addRequestStages(pipeline, false);
        pipeline.addLast("frontend", new ProxyFrontendHandler(config));
    }

    void http2(ChannelPipeline pipeline) {
        Http2Pipeline.configure(pipeline, config);
    }
}
