package dev.rt.supervisor.proxy.backend;

import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Connections to workers: opens them on the client connection's own event loop, and keeps idle keep-alive
 * ones per event loop and per worker address, so that a connection is only ever borrowed on the loop it
 * lives on and the pool needs no locks. An idle connection leaves the pool when the worker closes it or when
 * it has been idle longer than {@link BackendOptions#keepAliveTimeoutMillis()} (or the worker's own
 * {@code Keep-Alive: timeout} hint, up to {@link BackendOptions#keepAliveMaxMillis()}).
 */
public final class BackendPool {
    static final int MAX_IDLE_PER_ADDRESS = 64;

    private final BackendOptions options;
    private final Connector connector;
    private final ConnectionSlots slots;
    /** Written only at construction; each inner map is touched only by its own event loop. */
    private final Map<EventExecutor, Map<InetSocketAddress, ArrayDeque<ProxyBackendHandler>>> idle;
    private volatile boolean closed;

    public BackendPool(ProxyEventLoops loops) {
        this(loops, BackendOptions.DEFAULTS);
    }

    public BackendPool(ProxyEventLoops loops, BackendOptions options) {
        this(loops.io(), options, (loop, address, initializer) -> new Bootstrap().group(loop)
                .channel(loops.channelClass())
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, options.connectTimeoutMillis()))
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.RCVBUF_ALLOCATOR, ProxyEventLoops.RECEIVE_BUFFERS)
                .handler(initializer)
                .connect(address));
    }

    /** Connections of {@code loops}, opened by {@code connector} (in memory, in tests). */
    public BackendPool(Iterable<? extends EventExecutor> loops, BackendOptions options, Connector connector) {
        this.options = options;
        this.connector = connector;
        this.slots = new ConnectionSlots(options.maxConnections());
        Map<EventExecutor, Map<InetSocketAddress, ArrayDeque<ProxyBackendHandler>>> byLoop = new IdentityHashMap<>();
        for (EventExecutor loop : loops) {
            byLoop.put(loop, new HashMap<>());
        }
        this.idle = byLoop;
    }

    /** How a connection to a worker is opened: a TCP connect on the event loop given, auto-read off. */
    @FunctionalInterface
    public interface Connector {
        ChannelFuture connect(EventLoop loop, InetSocketAddress address, ChannelHandler initializer);
    }

    /**
     * Opens a connection to {@code address} on {@code loop} (auto-read off); or, when the address already has
     * {@link BackendOptions#maxConnections()} open, returns null and runs {@code retry} on {@code loop} once a
     * connection to it closes. Idle connections of other loops are closed to make room.
     */
    public ChannelFuture connect(EventLoop loop, InetSocketAddress address, Runnable retry) {
        if (!slots.tryOpen(address, loop, retry)) {
            closeOneIdleElsewhere(loop, address);
            return null;
        }
        ChannelFuture connecting = connector.connect(loop, address, new BackendInitializer(this, address));
        if (!slots.unlimited()) {
            connecting.channel().closeFuture().addListener(closed -> slots.closed(address));
        }
        return connecting;
    }

    private void closeOneIdleElsewhere(EventLoop except, InetSocketAddress address) {
        for (EventExecutor loop : idle.keySet()) {
            if (loop != except && !loop.isShuttingDown()) {
                loop.execute(() -> {
                    ArrayDeque<ProxyBackendHandler> queue = queue(loop, address, false);
                    ProxyBackendHandler oldest = queue == null ? null : queue.pollFirst();
                    if (oldest != null) {
                        oldest.channel().close();
                    }
                });
            }
        }
    }

    /** An idle open connection of {@code loop} to {@code address}, the most recently used first; or null. */
    public ProxyBackendHandler poll(EventLoop loop, InetSocketAddress address) {
        ArrayDeque<ProxyBackendHandler> queue = queue(loop, address, false);
        if (queue == null) {
            return null;
        }
        ProxyBackendHandler backend;
        long now = System.nanoTime();
        while ((backend = queue.pollLast()) != null) {
            if (backend.channel().isActive() && !backend.expired(now)) {
                return backend;
            }
            backend.channel().close();
        }
        return null;
    }

    public BackendOptions options() {
        return options;
    }

    /** Keeps a connection whose exchange completed for reuse, or closes it when the pool is full or closed. */
    public void offer(ProxyBackendHandler backend) {
        Channel channel = backend.channel();
        ArrayDeque<ProxyBackendHandler> queue = queue(channel.eventLoop(), backend.address(), true);
        if (closed || queue == null || !channel.isActive() || queue.size() >= MAX_IDLE_PER_ADDRESS) {
            channel.close();
            return;
        }
        queue.addLast(backend);
        channel.read(); // a read stays pending while idle, so that the worker closing the connection is noticed
        slots.idle(backend.address());
    }

    /** Forgets an idle connection that closed. */
    void remove(ProxyBackendHandler backend) {
        ArrayDeque<ProxyBackendHandler> queue = queue(backend.channel().eventLoop(), backend.address(), false);
        if (queue != null) {
            queue.remove(backend);
        }
    }

    private ArrayDeque<ProxyBackendHandler> queue(EventExecutor loop, InetSocketAddress address, boolean create) {
        Map<InetSocketAddress, ArrayDeque<ProxyBackendHandler>> byAddress = idle.get(loop);
        if (byAddress == null) {
            return null;
        }
        ArrayDeque<ProxyBackendHandler> queue = byAddress.get(address);
        if (queue == null && create) {
            queue = new ArrayDeque<>();
            byAddress.put(address, queue);
        }
        return queue;
    }

    /** Closes every idle connection and every one offered from now on; waits briefly on each loop. */
    public void close() {
        closed = true;
        for (Map.Entry<EventExecutor, Map<InetSocketAddress, ArrayDeque<ProxyBackendHandler>>> entry : idle.entrySet()) {
            EventExecutor loop = entry.getKey();
            if (loop.isShuttingDown()) {
                continue;
            }
            if (loop.inEventLoop()) {
                closeIdle(entry.getValue());
                continue;
            }
            try {
                loop.submit(() -> closeIdle(entry.getValue())).awaitUninterruptibly(2, TimeUnit.SECONDS);
            } catch (RejectedExecutionException shuttingDown) {
                // the loop is stopping, and closes its channels itself
            }
        }
    }

    private static void closeIdle(Map<InetSocketAddress, ArrayDeque<ProxyBackendHandler>> byAddress) {
        List<ProxyBackendHandler> all = new ArrayList<>();
        byAddress.values().forEach(all::addAll);
        byAddress.clear();
        all.forEach(backend -> backend.channel().close());
    }
}
