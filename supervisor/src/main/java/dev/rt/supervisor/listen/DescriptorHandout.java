package dev.rt.supervisor.listen;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.FileDescriptor;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A UNIX socket in the runtime's private directory (mode 0700, like the agent socket) that writes the public
 * socket's descriptor (SCM_RIGHTS) to each connection and closes it: how an entrypoint worker gets the socket it
 * accepts on, at its start and whenever a new one replaces another. Netty's epoll domain channels carry the
 * descriptor (the JDK's UNIX channels cannot); one thread of its own, so that it runs whatever the proxy's
 * transport is.
 */
final class DescriptorHandout implements AutoCloseable {
    private final EventLoopGroup loop;
    private final Channel server;

    private DescriptorHandout(EventLoopGroup loop, Channel server) {
        this.loop = loop;
        this.server = server;
    }

    static DescriptorHandout open(Path path, int descriptor) throws IOException {
        Files.deleteIfExists(path);
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("rt-public-handout", true),
                EpollIoHandler.newFactory());
        try {
            Channel server = new ServerBootstrap().group(loop).channel(EpollServerDomainSocketChannel.class)
                    .childHandler(new Give(new FileDescriptor(descriptor)))
                    .bind(new DomainSocketAddress(path.toString())).syncUninterruptibly().channel();
            return new DescriptorHandout(loop, server);
        } catch (RuntimeException e) {
            loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw new IOException("cannot open " + path + ": " + e.getMessage(), e);
        }
    }

    /** Writes the descriptor to a connection, then closes it. */
    @Sharable
    private static final class Give extends ChannelInboundHandlerAdapter {
        private final FileDescriptor given;

        Give(FileDescriptor given) {
            this.given = given;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.writeAndFlush(given).addListener(ChannelFutureListener.CLOSE);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        try {
            Files.deleteIfExists(Path.of(((DomainSocketAddress) server.localAddress()).path()));
        } catch (IOException | RuntimeException e) {
            // the private directory goes with the runtime anyway
        }
    }
}
