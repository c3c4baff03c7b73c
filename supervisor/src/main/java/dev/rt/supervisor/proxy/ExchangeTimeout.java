package dev.rt.supervisor.proxy;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The {@code serviceTimeout} of an exchange's current request: how long it may wait for its response head, armed
 * when the request is routed and cancelled once the exchange no longer waits for a head. Runs on the client
 * channel's event loop.
 */
final class ExchangeTimeout implements Runnable {
    private final ProxyExchange exchange;
    private final long millis;
    private ScheduledFuture<?> pending;

    /** @param millis zero waits forever */
    ExchangeTimeout(ProxyExchange exchange, long millis) {
        this.exchange = exchange;
        this.millis = millis;
    }

    long millis() {
        return millis;
    }

    void arm(EventExecutor loop) {
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
        exchange.timedOut();
    }
}
