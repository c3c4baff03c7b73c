package dev.rt.supervisor.proxy.backend;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pipeline of a connection to a worker: a reader-idle timer (closes it after the pool's keep-alive time idle
 * in the pool), the HTTP client codec (which remembers each request's method, so HEAD responses have no
 * body), and the {@link ProxyBackendHandler}.
 */
public final class BackendInitializer extends ChannelInitializer<Channel> {
    public static final int MAX_CHUNK_SIZE = 64 * 1024;
    /** Handlers that a tunnel replaces, in the order of removal (see the frontend's HTTP1_HANDLERS). */
    public static final List<String> HANDLERS = List.of("backend", "http", "idle");

    private final BackendPool pool;
    private final InetSocketAddress address;

    BackendInitializer(BackendPool pool, InetSocketAddress address) {
        this.pool = pool;
        this.address = address;
    }

    @Override
    protected void initChannel(Channel channel) {
        // Responses come from the runtime's own workers: their header names and values are not checked for
        // illegal characters again (the client-facing decoder does check every request).
        HttpDecoderConfig config = new HttpDecoderConfig().setMaxHeaderSize(16 * 1024).setMaxChunkSize(MAX_CHUNK_SIZE)
                .setHeadersFactory(DefaultHttpHeadersFactory.headersFactory().withValidation(false))
                .setTrailersFactory(DefaultHttpHeadersFactory.trailersFactory().withValidation(false));
        long idle = pool.options().keepAliveTimeoutMillis();
        channel.pipeline()
                .addLast("idle", new IdleStateHandler(idle, 0, 0, TimeUnit.MILLISECONDS))
                .addLast("http", new HttpClientCodec(config, false, false))
                .addLast("backend", new ProxyBackendHandler(pool, address));
    }
}
