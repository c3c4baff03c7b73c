package dev.rt.supervisor.proxy.transport;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import io.netty.channel.Channel;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The Netty transport the proxy's sockets use: io_uring, epoll (both native, Linux) or the JDK's NIO (anywhere).
 * {@link #preferred()} takes the first one available in that order, starting from the system property
 * {@code rt.proxy.transport} when it names one. io_uring is unavailable where the kernel is too old for Netty's
 * use of it, disables it ({@code kernel.io_uring_disabled}) or a seccomp profile forbids it, as Docker's default
 * does.
 */
public enum ProxyTransport {
    IO_URING("io_uring", IoUring::isAvailable, IoUring::unavailabilityCause, IoUringIoHandler::newFactory,
            IoUringServerSocketChannel.class, IoUringSocketChannel.class),
    EPOLL("epoll", Epoll::isAvailable, Epoll::unavailabilityCause, EpollIoHandler::newFactory,
            EpollServerSocketChannel.class, EpollSocketChannel.class),
    NIO("nio", () -> true, () -> null, NioIoHandler::newFactory, NioServerSocketChannel.class, NioSocketChannel.class);

    /** The system property that picks a transport by {@link #id()}. */
    public static final String PROPERTY = "rt.proxy.transport";

    /** Netty's switch for accepting with one multishot operation per listening socket on io_uring. */
    static final String ACCEPT_MULTISHOT = "io.netty.iouring.acceptMultiShotEnabled";

    static {
        // Before io_uring's Netty class reads it. A listening socket whose multishot accept Netty has to cancel
        // went on accepting for up to 0.9 s after close() while clients kept connecting (thousands of
        // connections), and clients met a full backlog (their connect timed out) rather than a refusal: a
        // stopping rt must stop accepting at once. With one accept operation at a time it closes within ~30 ms,
        // as on epoll. -Dio.netty.iouring.acceptMultiShotEnabled=true turns multishot back on.
        if (System.getProperty(ACCEPT_MULTISHOT) == null) {
            System.setProperty(ACCEPT_MULTISHOT, "false");
        }
    }

    private final String id;
    private final BooleanSupplier available;
    private final Supplier<Throwable> unavailabilityCause;
    private final Supplier<IoHandlerFactory> handlers;
    private final Class<? extends ServerChannel> serverChannelClass;
    private final Class<? extends Channel> channelClass;

    ProxyTransport(String id, BooleanSupplier available, Supplier<Throwable> unavailabilityCause,
            Supplier<IoHandlerFactory> handlers, Class<? extends ServerChannel> serverChannelClass,
            Class<? extends Channel> channelClass) {
        this.id = id;
        this.available = available;
        this.unavailabilityCause = unavailabilityCause;
        this.handlers = handlers;
        this.serverChannelClass = serverChannelClass;
        this.channelClass = channelClass;
    }

    /**
     * The transport named by {@code rt.proxy.transport} (default io_uring) or, when that one cannot be used here,
     * the next available after it.
     *
     * @throws RtException {@code RT_CONFIG_PROXY_TRANSPORT} when the property names no transport
     */
    public static ProxyTransport preferred() {
        String requested = System.getProperty(PROPERTY);
        ProxyTransport first = requested == null ? IO_URING : byId(requested).orElseThrow(() ->
                new RtException(ErrorCode.CONFIG_PROXY_TRANSPORT, "-D" + PROPERTY + "=" + requested
                        + " (in RT_JAVA_OPTS) is not a transport: use one of "
                        + String.join(", ", Arrays.stream(values()).map(ProxyTransport::id).toList())));
        return first.orNextAvailable();
    }

    /** This transport if it is available, else the first available one after it (NIO always is). */
    public ProxyTransport orNextAvailable() {
        return Arrays.stream(values()).skip(ordinal()).filter(ProxyTransport::isAvailable).findFirst().orElse(NIO);
    }

    static Optional<ProxyTransport> byId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(transport -> transport.id.equals(wanted)).findFirst();
    }

    /** The name {@code rt.proxy.transport} takes: {@code io_uring}, {@code epoll} or {@code nio}. */
    public String id() {
        return id;
    }

    /** Whether this transport can run here; class loading and the native library's own check included. */
    public boolean isAvailable() {
        try {
            return available.getAsBoolean();
        } catch (LinkageError notLoadable) {
            return false;
        }
    }

    /** Why this transport cannot run here, when it cannot. */
    public Optional<Throwable> unavailabilityCause() {
        if (isAvailable()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(unavailabilityCause.get());
        } catch (LinkageError notLoadable) {
            return Optional.of(notLoadable);
        }
    }

    IoHandlerFactory handlers() {
        return handlers.get();
    }

    Class<? extends ServerChannel> serverChannelClass() {
        return serverChannelClass;
    }

    Class<? extends Channel> channelClass() {
        return channelClass;
    }
}
