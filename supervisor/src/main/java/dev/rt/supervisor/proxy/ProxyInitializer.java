package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.function.BooleanSupplier;

/**
 * Pipeline of a client connection: the HTTP server codec (streaming: no aggregation) and the
 * {@link ProxyFrontendHandler}. Each connection joins {@code clients}, so that its server can drain and
 * close it; one accepted while the server closes is closed at once.
 */
final class ProxyInitializer extends ChannelInitializer<Channel> {
    private final ProxyRoute route;
    private final UpstreamSelector upstreams;
    private final BackendPool pool;
    private final long timeoutMillis;
    private final ChannelGroup clients;
    private final BooleanSupplier closing;

    ProxyInitializer(ProxyRoute route, UpstreamSelector upstreams, BackendPool pool, long timeoutMillis,
            ChannelGroup clients, BooleanSupplier closing) {
        this.route = route;
        this.upstreams = upstreams;
        this.pool = pool;
        this.timeoutMillis = timeoutMillis;
        this.clients = clients;
        this.closing = closing;
    }

    @Override
    protected void initChannel(Channel channel) {
        clients.add(channel);
        if (closing.getAsBoolean()) {
            channel.close();
            return;
        }
        HttpDecoderConfig config = new HttpDecoderConfig()
                .setMaxInitialLineLength(8 * 1024)
                .setMaxHeaderSize(16 * 1024)
                .setMaxChunkSize(BackendInitializer.MAX_CHUNK_SIZE);
        channel.pipeline().addLast(
                new HttpServerCodec(config),
                new ProxyFrontendHandler(route, upstreams, pool, timeoutMillis));
    }
}
