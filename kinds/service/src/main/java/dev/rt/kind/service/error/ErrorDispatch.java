package dev.rt.kind.service.error;

import dev.rt.kind.service.log.RequestLog;
import dev.rt.service.ErrorHandler;
import dev.rt.service.Failure;
import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/**
 * The root failure handler: every failed request ends here, whatever failed (a route, validation, the body limit, no
 * route at all). It answers through the error handler in scope (the failing route's plugin's own, else the
 * service's {@code server.errorHandler}), falling back to the default body when that handler answers nothing, and
 * to the default body of the handler's own error when it throws. An unknown route's body lists its fields as the
 * reference's does: message, error, statusCode.
 */
public final class ErrorDispatch implements Handler<RoutingContext> {
    /** Where a route keeps the error handler of its scope, if its plugin set one. */
    public static final String SCOPE_HANDLER = "rt.errorHandler";

    private final Optional<ErrorHandler> serviceHandler;
    private final RequestLog log;

    public ErrorDispatch(Optional<ErrorHandler> serviceHandler, RequestLog log) {
        this.serviceHandler = serviceHandler;
        this.log = log;
    }

    @Override
    public void handle(RoutingContext context) {
        Failure failure = RequestFailures.of(context);
        log.failure(context, failure);
        if (context.response().headWritten()) {
            context.response().reset();
            return;
        }
        ErrorHandler scoped = context.get(SCOPE_HANDLER);
        Optional<ErrorHandler> handler = scoped != null ? Optional.of(scoped) : serviceHandler;
        if (handler.isPresent()) {
            try {
                handler.get().handle(context, failure);
            } catch (Exception | LinkageError e) {
                Failure own = new Failure(500, null, StatusTexts.of(500), e.getMessage() == null ? e.toString()
                        : e.getMessage(), e);
                log.failure(context, own);
                send(context, own);
                return;
            }
            if (context.response().ended() || context.response().headWritten()) {
                return;
            }
        }
        send(context, failure);
    }

    static void send(RoutingContext context, Failure failure) {
        if (context.response().ended()) {
            return;
        }
        context.response().setStatusCode(failure.statusCode())
                .putHeader("content-type", "application/json; charset=utf-8");
        if (failure.statusCode() == 413 || failure.code().filter(c -> c.startsWith("FST_ERR_CTP")).isPresent()) {
            context.response().putHeader("connection", "close");
        }
        context.response().end(RequestFailures.isNotFound(context, failure)
                ? new JsonObject().put("message", failure.message()).put("error", failure.error())
                        .put("statusCode", 404).toBuffer()
                : failure.body().toBuffer());
    }
}
