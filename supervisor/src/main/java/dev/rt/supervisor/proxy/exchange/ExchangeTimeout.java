package dev.rt.supervisor.proxy.exchange;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A limit on how long an exchange's current request may wait for its response head: {@code serviceTimeout}, armed
 * when the request is routed, and on the mesh {@code undici.headersTimeout}, armed once the whole request went to
 * the worker. Cancelled once the exchange no longer waits for a head. Runs on the client channel's event loop.
 */
final class ExchangeTimeout implements Runnable {
    /** No limit, shared: what an exchange without a {@code headersTimeout} holds, so that it costs no object. */
    static final ExchangeTimeout NONE = new ExchangeTimeout(null, 0, "");
    private final ProxyExchange exchange;
    private final long millis;
    private final String setting;
    private ScheduledFuture<?> pending;

    /**
     * @param millis  zero waits forever
     * @param setting the setting that gave {@code millis}, which the answer names
     */
    ExchangeTimeout(ProxyExchange exchange, long millis, String setting) {
        this.exchange = exchange;
        this.millis = millis;
        this.setting = setting;
    }

    long millis() {
        return millis;
    }

    String setting() {
        return setting;
    }

    /** Starts counting now; a count already running starts again. */
    void arm(EventExecutor loop) {
        cancel();
        if (millis > 0) {
            pending = loop.schedule(this, millis, TimeUnit.MILLISECONDS);
        }
    }

    void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    @Override
    public void run() {
        pending = null;
        exchange.timedOut(this);
    }
}
