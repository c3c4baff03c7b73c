package dev.rt.kind.service;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** Runs a blocking handler on the worker pool, counting its time into the pool's busy time. */
final class BlockingBusyTime implements Handler<RoutingContext> {
    private final Handler<RoutingContext> handler;
    private final HostState host;

    BlockingBusyTime(Handler<RoutingContext> handler, HostState host) {
        this.handler = handler;
        this.host = host;
    }

    @Override
    public void handle(RoutingContext context) {
        long started = host.poolBusy().begin();
        try {
            handler.handle(context);
        } finally {
            host.poolBusy().end(started);
        }
    }
}
