package dev.rt.kind.service.direct;

import dev.rt.kind.KindException;
import dev.rt.kind.WorkerContext;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.channel.unix.DomainSocketReadMode;
import io.netty.channel.unix.FileDescriptor;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.transport.Transport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The runtime's public socket, accepted on by this worker: its descriptor comes from the supervisor's handout
 * socket ({@link WorkerContext#publicSocket()}, SCM_RIGHTS), Netty wraps it ({@code EpollServerSocketChannel(fd)},
 * registered, never bound: the supervisor bound it), and each connection it accepts is handed to the listening
 * channel of the worker's own HTTP server on 127.0.0.1, whose acceptor registers it with Vert.x like one of its
 * own. So a public connection meets exactly the pipeline a proxied one does, without the supervisor's hop. Closing
 * stops this worker accepting; the socket stays open in the supervisor and the other workers.
 */
public final class PublicSocket {
    private final Path handout;
    private final ServerChannelCapture capture;
    private volatile Channel acceptor;

    private PublicSocket(Path handout, ServerChannelCapture capture) {
        this.handout = handout;
        this.capture = capture;
    }

    /**
     * This worker's public socket when it is to accept on it, else empty.
     *
     * @throws KindException when it is to, but Netty's epoll transport cannot load here
     */
    public static Optional<PublicSocket> of(WorkerContext context) {
        return context.publicSocket().map(path -> {
            Transport epoll = Transport.EPOLL;
            if (epoll == null || !epoll.available()) {
                throw new KindException("cannot accept on the public socket: Netty's epoll transport is not available"
                        + (epoll == null ? "" : " (" + epoll.unavailabilityCause() + ")"));
            }
            return new PublicSocket(path, new ServerChannelCapture(epoll.implementation()));
        });
    }

    /** A Vert.x on the epoll transport, whose listening channels this socket can find. */
    public Vertx vertx(VertxOptions options) {
        return Vertx.builder().with(options).withTransport(new Transport() {
            @Override
            public String name() {
                return "epoll";
            }

            @Override
            public boolean available() {
                return true;
            }

            @Override
            public Throwable unavailabilityCause() {
                return null;
            }

            @Override
            public io.vertx.core.spi.transport.Transport implementation() {
                return capture;
            }
        }).build();
    }

    /**
     * Fetches the descriptor and starts accepting on it into the HTTP server listening on 127.0.0.1:{@code port}.
     *
     * @throws KindException when no such server listens, or the descriptor does not come within {@code limit}
     */
    public void takeOver(int port, Duration limit) {
        Channel server = capture.servers().stream()
                .filter(channel -> channel.localAddress() instanceof InetSocketAddress address
                        && address.getPort() == port)
                .findFirst().orElseThrow(() -> new KindException("cannot accept on the public socket: no HTTP server"
                        + " listens on 127.0.0.1:" + port));
        EventLoop loop = server.eventLoop();
        int descriptor = fetch(loop, limit);
        EpollServerSocketChannel channel = new EpollServerSocketChannel(descriptor);
        channel.pipeline().addLast(new Handoff(server));
        loop.register(channel).syncUninterruptibly();
        acceptor = channel;
    }

    private int fetch(EventLoop loop, Duration limit) {
        CompletableFuture<Integer> received = new CompletableFuture<>();
        Channel connection = new Bootstrap().group(loop).channel(EpollDomainSocketChannel.class)
                .option(EpollChannelOption.DOMAIN_SOCKET_READ_MODE, DomainSocketReadMode.FILE_DESCRIPTORS)
                .handler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object message) {
                        if (message instanceof FileDescriptor descriptor) {
                            received.complete(descriptor.intValue());
                        }
                        ctx.close();
                    }

                    @Override
                    public void channelInactive(ChannelHandlerContext ctx) {
                        received.completeExceptionally(new IOException("the supervisor closed " + handout
                                + " without a descriptor"));
                    }

                    @Override
                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        received.completeExceptionally(cause);
                        ctx.close();
                    }
                }).connect(new DomainSocketAddress(handout.toString())).syncUninterruptibly().channel();
        try {
            return received.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new KindException("cannot fetch the public socket from " + handout + ": " + e.getCause().getMessage());
        } catch (TimeoutException e) {
            throw new KindException("the public socket did not come from " + handout + " within " + limit.toSeconds()
                    + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KindException("interrupted while fetching the public socket");
        } finally {
            connection.close();
        }
    }

    /** Stops accepting on the public socket (its queued connections wait for the other workers). */
    public void close() {
        Channel channel = acceptor;
        if (channel != null) {
            channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }

    /**
     * Hands each accepted connection to the HTTP server's listening channel, whose acceptor (Netty's, with Vert.x's
     * child handler and options) registers it with one of Vert.x's event loops. A failed accept (out of
     * descriptors, the socket shut down as the runtime stops) pauses accepting for a second, as Netty's acceptor
     * does.
     */
    private static final class Handoff extends ChannelInboundHandlerAdapter {
        private final Channel server;

        Handoff(Channel server) {
            this.server = server;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object accepted) {
            server.pipeline().fireChannelRead(accepted);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            Channel channel = ctx.channel();
            if (channel.config().isAutoRead()) {
                channel.config().setAutoRead(false);
                ctx.executor().schedule(() -> channel.config().setAutoRead(true), 1, TimeUnit.SECONDS);
            }
        }
    }
}
