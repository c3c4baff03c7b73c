package dev.rt.supervisor.proxy.transport;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The Netty event loops the proxy servers run on: one group of I/O threads that accept connections and serve
 * them, on the {@link ProxyTransport} chosen (io_uring, epoll or NIO), with the matching channel classes. Closing
 * shuts the group down with no quiet period, so that a stopping supervisor exits promptly.
 */
public final class ProxyEventLoops implements AutoCloseable {
    /**
     * Receive buffers of proxied connections: sized by what arrives, up to 256 KiB. With auto-read off, each
     * read is a single system call, so a large body moves in up to 256 KiB per turn instead of 64 KiB.
     */
    public static final AdaptiveRecvByteBufAllocator RECEIVE_BUFFERS =
            new AdaptiveRecvByteBufAllocator(64, 2048, 256 * 1024);

    static {
        // Netty samples one buffer in 128 for leak tracking and records a stack trace (a Throwable) at each of
        // its uses, a visible share of the proxy's CPU (measured in bench/RESULTS.md). Off unless asked for.
        if (System.getProperty("io.netty.leakDetection.level") == null
                && System.getProperty("io.netty.leakDetectionLevel") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    /** The system property that sets the number of I/O threads. */
    public static final String IO_THREADS = "rt.proxy.ioThreads";

    private final ProxyTransport transport;
    private final int ioThreads;
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
     * {@code rt.proxy.ioThreads} overrides it. On epoll a single thread serialises the workers' requests; io_uring
     * takes several completions per wake-up, so fewer threads serve as many requests for less CPU (measured in
     * bench/RESULTS.md).
     *
     * @throws RtException {@code RT_CONFIG_PROXY_IO_THREADS} when the property is not a whole number from 1 up
     */
    static int defaultIoThreads(ProxyTransport transport) {
        String requested = System.getProperty(IO_THREADS);
        if (requested == null) {
            int processors = Runtime.getRuntime().availableProcessors();
            return transport == ProxyTransport.IO_URING ? processors : 2 * processors;
        }
        try {
            int threads = Integer.parseInt(requested.trim());
            if (threads >= 1) {
                return threads;
            }
        } catch (NumberFormatException notANumber) {
            // reported below, as a negative number is
        }
        throw new RtException(ErrorCode.CONFIG_PROXY_IO_THREADS, "-D" + IO_THREADS + "=" + requested
                + " (in RT_JAVA_OPTS) is not a number of threads: use a whole number from 1 up");
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
        this.io = new MultiThreadIoEventLoopGroup(ioThreads, new DefaultThreadFactory("rt-proxy-io", true),
                transport.handlers());
    }

    /**
     * The group that accepts connections (a server's listening channel is on one of its loops) and serves them
     * and their backend connections. A separate acceptor loop would cost memory and start-up time (measured in
     * bench/RESULTS.md) for a loop that is idle once clients keep their connections.
     */
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
     * Stops the group (no quiet period) and waits up to three seconds for its threads to end; called after the
     * servers on it are closed, and never from one of its threads.
     */
    @Override
    public void close() {
        io.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }
}
