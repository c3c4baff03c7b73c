package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.ProxyError;
import dev.rt.supervisor.proxy.route.RouteTarget;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * How a routed request of a {@link ProxyExchange} reaches its answer: a worker, once a token interceptor's token is
 * there when one asks for it, or the HTTP cache's stored response. What it waits for completes on any thread; the
 * exchange goes on on its own event loop, and only if it still waits (no timeout, the client still there).
 */
final class ExchangeDispatch {
    private final ProxyExchange exchange;
    private final UpstreamAttempts attempts;
    private final BackendLink link;

    ExchangeDispatch(ProxyExchange exchange, UpstreamAttempts attempts, BackendLink link) {
        this.exchange = exchange;
        this.attempts = attempts;
        this.link = link;
    }

    /** Sends the request to a worker of {@code target} (a token first, when an interceptor asks for one). */
    void send(RouteTarget target, HttpRequest request) {
        if (!attempts.first(target)) {
            exchange.respondError(attempts.noWorker());
        } else if (target.authorization().isPresent()) {
            afterwards(target.authorization().get(), request, (value, failure) -> {
                if (failure != null) {
                    Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                    exchange.respondError(ProxyError.tokenUnavailable(attempts.serviceId(),
                            String.valueOf(cause.getMessage())));
                } else {
                    request.headers().set(HttpHeaderNames.AUTHORIZATION, value);
                    link.open();
                }
            });
        } else {
            link.open();
        }
    }

    /**
     * Answers with what the cache holds for the request, or sends it on to {@code target} once the cache looked;
     * at once without a {@code lookup} (null).
     */
    void lookupThenSend(CompletableFuture<Optional<FullHttpResponse>> lookup, RouteTarget target,
            HttpRequest request) {
        if (lookup == null) {
            send(target, request);
        } else if (lookup.isDone() && !lookup.isCompletedExceptionally()) {
            looked(lookup.join(), target, request);
        } else {
            afterwards(lookup, request, (found, failure) -> looked(failure == null ? found : Optional.empty(), target,
                    request));
        }
    }

    private void looked(Optional<FullHttpResponse> found, RouteTarget target, HttpRequest request) {
        if (found.isPresent()) {
            exchange.answerLocally(found.get());
        } else {
            send(target, request);
        }
    }

    private <T> void afterwards(CompletableFuture<T> future, HttpRequest request, BiConsumer<T, Throwable> then) {
        future.whenComplete((value, failure) -> exchange.ifStillWaiting(request, () -> then.accept(value, failure)));
    }
}
