package dev.rt.kind.service.http;

import dev.rt.service.HttpError;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** {@code server.requestTimeout}: a request whose body has not all arrived in time is answered 408 and closed. */
final class RequestTimeout implements Handler<RoutingContext> {
    private static final String TIMER = "rt.requestTimer";

    private final long millis;

    RequestTimeout(long millis) {
        this.millis = millis;
    }

    @Override
    public void handle(RoutingContext context) {
        long timer = context.vertx().setTimer(millis, id -> {
            if (!context.response().ended() && !context.response().headWritten()) {
                context.response().putHeader("connection", "close");
                context.fail(new HttpError(408, "Request Timeout"));
            }
        });
        context.put(TIMER, timer);
        context.next();
    }

    /** The body is in: the timer stops. */
    static void received(RoutingContext context) {
        Long timer = context.get(TIMER);
        if (timer != null) {
            context.vertx().cancelTimer(timer);
        }
        context.next();
    }
}
