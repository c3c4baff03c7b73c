package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.backend.BackendPool;
import dev.rt.supervisor.proxy.backend.ProxyBackendHandler;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;

/**
 * A client connection's link to the worker of its current exchange: the connection borrowed from the
 * {@link BackendPool} or opened on the client's event loop (waiting for a free slot when the worker already has
 * {@code undici.connections} open, and moving on through {@link UpstreamAttempts} when a connect fails), and
 * the request written to it with one flush per batch of client reads. When a flush leaves the worker's
 * connection unwritable the client is not read again until {@link #resume()}. One instance serves a
 * {@link ProxyExchange}, request after request, on its client channel's event loop.
 */
final class BackendLink implements ChannelFutureListener {
    private final ProxyExchange exchange;
    private final BackendPool pool;
    private final UpstreamAttempts attempts;
    private final Runnable retryForSlot = this::retryForSlot;
    private Channel client;
    private ChannelFuture connecting;
    private boolean waitingForSlot;
    private ProxyBackendHandler backend;
    private boolean reused;
    private Channel unflushed;
    private boolean writeInFlight;

    // The link listens to its own connects rather than holding a listener: a frontend (one per h2 stream, so
    // per request there) costs no object beyond it.
    BackendLink(ProxyExchange exchange, BackendPool pool, UpstreamAttempts attempts) {
        this.exchange = exchange;
        this.pool = pool;
        this.attempts = attempts;
    }

    /** Connections are borrowed and opened on {@code client}'s event loop. */
    void bind(Channel client) {
        this.client = client;
    }

    /** Borrows an idle connection to the current worker, or opens one; the exchange's attach() follows. */
    void open() {
        ProxyBackendHandler pooled = pool.poll(client.eventLoop(), attempts.current().address());
        if (pooled != null) {
            exchange.attach(pooled, true);
        } else {
            connect();
        }
    }

    private void connect() {
        waitingForSlot = false;
        connecting = pool.connect(client.eventLoop(), attempts.current().address(), retryForSlot);
        if (connecting == null) {
            waitingForSlot = true; // the worker has undici.connections open: retryForSlot runs when one closes
        } else {
            connecting.addListener(this);
        }
    }

    /** A connection to the worker closed: take a pooled one, or a free slot, if the request still waits. */
    private void retryForSlot() {
        if (waitingForSlot && backend == null && connecting == null && exchange.connecting()) {
            open();
        }
    }

    /** A connect this link started ended. */
    @Override
    public void operationComplete(ChannelFuture future) {
        if (future != connecting) {
            future.channel().close(); // the exchange gave up on it meanwhile
            return;
        }
        connecting = null;
        if (future.isSuccess()) {
            exchange.attach(future.channel().pipeline().get(ProxyBackendHandler.class), false);
        } else {
            tryNextWorker(UpstreamAttempts.Failure.REFUSED);
        }
    }

    private void tryNextWorker(UpstreamAttempts.Failure failure) {
        if (attempts.next(failure)) {
            open();
        } else {
            exchange.respondError(attempts.unreachable());
        }
    }

    /**
     * The attached connection failed before the response, and the request may be sent again
     * ({@link UpstreamAttempts#replayable}): to the same worker on a fresh connection when it was a pooled one,
     * otherwise to the next worker. {@code notHttp}: the worker answered bytes that are not HTTP.
     */
    void retry(boolean notHttp) {
        if (reused && !notHttp) {
            reused = false;
            connect(); // an idle pooled connection the worker had closed: once more on a fresh one
        } else {
            tryNextWorker(notHttp ? UpstreamAttempts.Failure.NOT_HTTP : UpstreamAttempts.Failure.CLOSED);
        }
    }

    /** Starts the exchange on {@code target}: from now on its responses go to the exchange. */
    void attach(ProxyBackendHandler target, boolean fromPool) {
        backend = target;
        reused = fromPool;
        target.attach(exchange);
    }

    boolean attached() {
        return backend != null;
    }

    boolean attachedTo(ProxyBackendHandler handler) {
        return handler == backend;
    }

    /** Whether more of the request body may be read from the client now. */
    boolean takesBody() {
        return backend != null && !writeInFlight;
    }

    /** Writes {@code msg} to the attached connection, unflushed. */
    void write(Object msg) {
        Channel channel = backend.channel();
        if (unflushed != null && unflushed != channel) {
            unflushed.flush();
        }
        unflushed = channel;
        channel.write(msg, channel.voidPromise()); // a failed write closes the connection: backendFailed() follows
    }

    /**
     * Flushes what was written since the last flush; false when the worker's connection cannot take more now
     * (it reads slower than the client sends): the client then waits for {@link #resume()}.
     */
    boolean flush() {
        if (unflushed != null) {
            Channel target = unflushed;
            unflushed = null;
            target.flush();
            if (!target.isWritable()) {
                writeInFlight = true;
                return false;
            }
        }
        return true;
    }

    /** The worker's connection became writable: true when the client's reads were waiting for it. */
    boolean resume() {
        if (writeInFlight) {
            writeInFlight = false;
            return true;
        }
        return false;
    }

    /** The client can take more of the response again. */
    void clientWritable() {
        if (backend != null) {
            backend.clientWritable();
        }
    }

    /** The exchange on {@code from} ended with its response: the connection goes back to the pool, or closes. */
    void release(ProxyBackendHandler from, boolean reusable) {
        if (reusable) {
            pool.offer(from);
        } else {
            from.abandon();
        }
    }

    /** The attached connection is no longer this link's: its response ended, it closed, or it became a tunnel. */
    void detach() {
        backend = null;
    }

    /** Gives up the connection of the current exchange, attached or still being opened. */
    void abandon() {
        waitingForSlot = false;
        if (backend != null) {
            backend.abandon();
            backend = null;
        }
        if (connecting != null) {
            ChannelFuture abandoned = connecting;
            connecting = null;
            abandoned.cancel(false);
        }
    }
}
