package dev.rt.supervisor.proxy;

import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The Netty event loops the proxy servers run on: one acceptor thread and a group of I/O threads, on epoll
 * where the native transport is available and on NIO elsewhere, with the matching channel classes. Closing
 * shuts both groups down with no quiet period, so that a stopping supervisor exits promptly.
 */
public final class ProxyEventLoops implements AutoCloseable {
    /**
     * Receive buffers of proxied connections: sized by what arrives, up to 256 KiB. With auto-read off, each
     * read is a single system call, so a large body moves in up to 256 KiB per turn instead of 64 KiB.
     */
    static final AdaptiveRecvByteBufAllocator RECEIVE_BUFFERS = new AdaptiveRecvByteBufAllocator(64, 2048, 256 * 1024);

    static {
        // Netty samples one buffer in 128 for leak tracking and records a stack trace (a Throwable) at each of
        // its uses: about 1 % of the proxy's CPU in the profile (bench/RESULTS.md). Off unless asked for.
        if (System.getProperty("io.netty.leakDetection.level") == null
                && System.getProperty("io.netty.leakDetectionLevel") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    private final boolean epoll;
    private final EventLoopGroup acceptors;
    private final EventLoopGroup io;

    /**
     * Event loops with the default number of I/O threads ({@link #defaultIoThreads()}), on the native transport
     * when possible.
     */
    public ProxyEventLoops() {
        this(defaultIoThreads(), Epoll.isAvailable());
    }

    /**
     * Two per available processor, as Netty's own default. On 2 processors, with wrk, the proxy and a hello
     * worker sharing them, one I/O thread left 15 % of the CPU idle and serialised the worker's requests:
     * entrypoint ÷ direct 0.49 with one, 0.57 with two, 0.62–0.64 with four, 0.56 with eight (bench/RESULTS.md,
     * session 5). The system property {@code rt.proxy.ioThreads} overrides it.
     */
    static int defaultIoThreads() {
        return Integer.getInteger("rt.proxy.ioThreads", 2 * Runtime.getRuntime().availableProcessors());
    }

    /** Event loops with {@code ioThreads} I/O threads, on the native transport when possible. */
    public ProxyEventLoops(int ioThreads) {
        this(ioThreads, Epoll.isAvailable());
    }

    ProxyEventLoops(int ioThreads, boolean epoll) {
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads must be positive, found " + ioThreads);
        }
        this.epoll = epoll;
        this.acceptors = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("rt-proxy-accept", true), handlers());
        this.io = new MultiThreadIoEventLoopGroup(ioThreads, new DefaultThreadFactory("rt-proxy-io", true), handlers());
    }

    private IoHandlerFactory handlers() {
        return epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /** The group that accepts connections (one thread). */
    public EventLoopGroup acceptors() {
        return acceptors;
    }

    /** The group that serves accepted connections and their backend connections. */
    public EventLoopGroup io() {
        return io;
    }

    public Class<? extends ServerChannel> serverChannelClass() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    public Class<? extends Channel> channelClass() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** Whether the native epoll transport is in use. */
    public boolean isNative() {
        return epoll;
    }

    /**
     * Stops both groups at once (no quiet period) and waits up to three seconds for their threads to end;
     * called after the servers on them are closed, and never from one of their threads.
     */
    @Override
    public void close() {
        Future<?> a = acceptors.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        Future<?> b = io.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        a.awaitUninterruptibly(3, TimeUnit.SECONDS);
        b.awaitUninterruptibly(3, TimeUnit.SECONDS);
    }
}
