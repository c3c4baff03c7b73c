package dev.rt.supervisor.limit;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code server.maxConnectionsPerAddress}: a client connection that would be one more than the cap from its address
 * is closed as soon as it is accepted; the others count until they close. Shared by every connection of a server;
 * its table holds only addresses with a connection open, so it is bounded by {@code server.maxConnections}.
 */
@ChannelHandler.Sharable
final class ConnectionCap extends ChannelInboundHandlerAdapter {
    private final int max;
    private final ConcurrentHashMap<InetAddress, Integer> open = new ConcurrentHashMap<>();

    ConnectionCap(int max) {
        this.max = max;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (!(ctx.channel().remoteAddress() instanceof InetSocketAddress peer) || peer.getAddress() == null) {
            ctx.pipeline().remove(this);
            return;
        }
        InetAddress address = peer.getAddress();
        if (open.merge(address, 1, Integer::sum) > max) {
            release(address);
            ctx.close();
            return;
        }
        ctx.channel().closeFuture().addListener(closed -> release(address));
        ctx.pipeline().remove(this);
    }

    private void release(InetAddress address) {
        open.computeIfPresent(address, (key, count) -> count <= 1 ? null : count - 1);
    }

    /** Addresses with a connection open now. */
    int addresses() {
        return open.size();
    }
}
