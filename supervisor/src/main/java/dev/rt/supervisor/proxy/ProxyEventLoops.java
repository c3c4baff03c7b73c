package dev.rt.supervisor.proxy;

import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The Netty event loops the proxy servers run on: one acceptor thread and a group of I/O threads, on the
 * {@link ProxyTransport} chosen (io_uring, epoll or NIO), with the matching channel classes. Closing shuts both
 * groups down with no quiet period, so that a stopping supervisor exits promptly.
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

    private final ProxyTransport transport;
    private final int ioThreads;
    private final EventLoopGroup acceptors;
    private final EventLoopGroup io;

    /**
     * Event loops on the preferred transport ({@link ProxyTransport#preferred()}) with its default number of I/O
     * threads ({@link #defaultIoThreads(ProxyTransport)}).
     */
    public ProxyEventLoops() {
        this(ProxyTransport.preferred());
    }

    private ProxyEventLoops(ProxyTransport transport) {
        this(defaultIoThreads(transport), transport);
    }

    /**
     * One per available processor on io_uring, two on epoll and NIO (Netty's own default); the system property
     * {@code rt.proxy.ioThreads} overrides it. Measured on 2 processors, with wrk, the proxy and a hello worker
     * sharing them (bench/RESULTS.md, sessions 5 and 6): on epoll one thread left 15 % of the CPU idle and
     * serialised the worker's requests (entrypoint ÷ direct 0.49 with one, 0.57 with two, 0.62–0.64 with four,
     * 0.56 with eight); on io_uring, which takes several completions per wake-up, two threads serve as many
     * requests as four (1.06 and 0.99 times) at 18 % less of the supervisor's CPU per request, and 2.5 % more
     * with a handler that keeps the cores busy.
     */
    static int defaultIoThreads(ProxyTransport transport) {
        int processors = Runtime.getRuntime().availableProcessors();
        int byTransport = transport == ProxyTransport.IO_URING ? processors : 2 * processors;
        return Integer.getInteger("rt.proxy.ioThreads", byTransport);
    }

    /** Event loops with {@code ioThreads} I/O threads, on the preferred transport. */
    public ProxyEventLoops(int ioThreads) {
        this(ioThreads, ProxyTransport.preferred());
    }

    /** Event loops with {@code ioThreads} I/O threads on {@code transport}, which must be available. */
    public ProxyEventLoops(int ioThreads, ProxyTransport transport) {
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads must be positive, found " + ioThreads);
        }
        if (!transport.isAvailable()) {
            throw new IllegalArgumentException("the " + transport.id() + " transport is not available here");
        }
        this.transport = transport;
        this.ioThreads = ioThreads;
        this.acceptors = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("rt-proxy-accept", true),
                transport.handlers());
        this.io = new MultiThreadIoEventLoopGroup(ioThreads, new DefaultThreadFactory("rt-proxy-io", true),
                transport.handlers());
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
        return transport.serverChannelClass();
    }

    public Class<? extends Channel> channelClass() {
        return transport.channelClass();
    }

    /** The transport the loops and their channels use. */
    public ProxyTransport transport() {
        return transport;
    }

    /** How many I/O threads serve the proxies' connections. */
    public int ioThreads() {
        return ioThreads;
    }

    /**
     * The transport and thread count, for the log: {@code "io_uring, 4 I/O threads"}, and on another transport
     * why io_uring could not be used, when that is why.
     */
    public String describe() {
        String why = transport == ProxyTransport.IO_URING ? "" : ProxyTransport.IO_URING.unavailabilityCause()
                .map(cause -> " (io_uring is not available: " + cause.getMessage() + ")").orElse("");
        return transport.id() + ", " + ioThreads + " I/O threads" + why;
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
