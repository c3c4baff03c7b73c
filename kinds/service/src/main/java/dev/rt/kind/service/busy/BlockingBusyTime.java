package dev.rt.kind.service.busy;

import dev.rt.kind.BusyTime;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** Runs a blocking handler on the worker pool, counting its time into the pool's busy time. */
final class BlockingBusyTime implements Handler<RoutingContext> {
    private final Handler<RoutingContext> handler;
    private final BusyTime pool;

    BlockingBusyTime(Handler<RoutingContext> handler, BusyTime pool) {
        this.handler = handler;
        this.pool = pool;
    }

    @Override
    public void handle(RoutingContext context) {
        long started = pool.begin();
        try {
            handler.handle(context);
        } finally {
            pool.end(started);
        }
    }
}
