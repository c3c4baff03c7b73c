package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Pipeline of a connection to a worker: a reader-idle timer (closes it after {@link #IDLE_SECONDS} idle in
 * the pool), the HTTP client codec (which remembers each request's method, so HEAD responses have no body),
 * and the {@link ProxyBackendHandler}.
 */
final class BackendInitializer extends ChannelInitializer<Channel> {
    static final int IDLE_SECONDS = 60;
    static final int MAX_CHUNK_SIZE = 64 * 1024;

    private final BackendPool pool;
    private final InetSocketAddress address;

    BackendInitializer(BackendPool pool, InetSocketAddress address) {
        this.pool = pool;
        this.address = address;
    }

    @Override
    protected void initChannel(Channel channel) {
        HttpDecoderConfig config = new HttpDecoderConfig().setMaxHeaderSize(16 * 1024).setMaxChunkSize(MAX_CHUNK_SIZE);
        channel.pipeline().addLast(
                new IdleStateHandler(IDLE_SECONDS, 0, 0, TimeUnit.SECONDS),
                new HttpClientCodec(config, false, false),
                new ProxyBackendHandler(pool, address));
    }
}
