package dev.rt.kind.service.direct;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.InternetProtocolFamily;
import io.vertx.core.datagram.DatagramSocketOptions;
import io.vertx.core.net.ClientOptionsBase;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.spi.transport.Transport;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;

/**
 * Vert.x's epoll transport, unchanged but for one thing: it remembers the listening channels it creates, so that
 * {@link PublicSocket} can find the one of the HTTP server (Vert.x keeps it to itself) and hand it the public
 * socket's connections. Every method is the epoll transport's.
 */
@SuppressWarnings("deprecation") // InternetProtocolFamily: the SPI's own signature
final class ServerChannelCapture implements Transport {
    private final Transport epoll;
    private final List<Channel> servers = new CopyOnWriteArrayList<>();

    ServerChannelCapture(Transport epoll) {
        this.epoll = epoll;
    }

    /** The listening channels created so far. */
    List<Channel> servers() {
        return servers;
    }

    @Override
    public ChannelFactory<? extends ServerChannel> serverChannelFactory(boolean domainSocket) {
        ChannelFactory<? extends ServerChannel> factory = epoll.serverChannelFactory(domainSocket);
        return () -> {
            ServerChannel channel = factory.newChannel();
            servers.add(channel);
            channel.closeFuture().addListener(closed -> servers.remove(channel));
            return channel;
        };
    }

    @Override
    public boolean supportsDomainSockets() {
        return epoll.supportsDomainSockets();
    }

    @Override
    public boolean supportFileRegion() {
        return epoll.supportFileRegion();
    }

    @Override
    public boolean isAvailable() {
        return epoll.isAvailable();
    }

    @Override
    public Throwable unavailabilityCause() {
        return epoll.unavailabilityCause();
    }

    @Override
    public SocketAddress convert(io.vertx.core.net.SocketAddress address) {
        return epoll.convert(address);
    }

    @Override
    public io.vertx.core.net.SocketAddress convert(SocketAddress address) {
        return epoll.convert(address);
    }

    @Override
    public IoHandlerFactory ioHandlerFactory() {
        return epoll.ioHandlerFactory();
    }

    @Override
    public EventLoopGroup eventLoopGroup(int type, int nThreads, ThreadFactory threadFactory, int ioRatio) {
        return epoll.eventLoopGroup(type, nThreads, threadFactory, ioRatio);
    }

    @Override
    public DatagramChannel datagramChannel() {
        return epoll.datagramChannel();
    }

    @Override
    public DatagramChannel datagramChannel(InternetProtocolFamily family) {
        return epoll.datagramChannel(family);
    }

    @Override
    public ChannelFactory<? extends Channel> channelFactory(boolean domainSocket) {
        return epoll.channelFactory(domainSocket);
    }

    @Override
    public void configure(DatagramChannel channel, DatagramSocketOptions options) {
        epoll.configure(channel, options);
    }

    @Override
    public void configure(ClientOptionsBase options, int connectTimeout, boolean domainSocket, Bootstrap bootstrap) {
        epoll.configure(options, connectTimeout, domainSocket, bootstrap);
    }

    @Override
    public void configure(NetServerOptions options, boolean domainSocket, ServerBootstrap bootstrap) {
        epoll.configure(options, domainSocket, bootstrap);
    }
}
