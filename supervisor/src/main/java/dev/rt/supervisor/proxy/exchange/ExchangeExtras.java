package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.MeshRoute;
import dev.rt.supervisor.proxy.route.RouteTarget;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The {@link ExchangeHooks} of one client connection (or h2 stream), request after request: the trace of the
 * current exchange and the cache's part in it. A {@link ProxyExchange} has one only when tracing or the cache
 * is on. Runs on the client channel's event loop.
 */
final class ExchangeExtras {
    private final ExchangeTracing tracing;
    private final ExchangeCache cache;
    private ExchangeTracing.Trace trace = ExchangeTracing.Trace.NONE;
    private ExchangeCache.Exchange cached = ExchangeCache.Exchange.BYPASS;

    private ExchangeExtras(ExchangeTracing tracing, ExchangeCache cache) {
        this.tracing = tracing;
        this.cache = cache;
    }

    /** The extras of an exchange with these hooks; null when there are none. */
    static ExchangeExtras of(ExchangeHooks hooks) {
        return hooks.tracing == null && hooks.cache == null ? null : new ExchangeExtras(hooks.tracing, hooks.cache);
    }

    /** Whether {@link #begin} wants the request target as the client sent it. */
    boolean wantsAsked() {
        return tracing != null;
    }

    /**
     * The request was routed to {@code target}: its trace begins, and the cache, when it takes part, may look
     * for a stored answer (the lookup is returned; null when the cache is not asked).
     */
    CompletableFuture<Optional<FullHttpResponse>> begin(HttpRequest request, String asked, RouteTarget target,
            boolean tunnel, Channel client) {
        if (tracing != null) {
            trace = tracing.begin(request, asked, target.serviceId(), client);
        }
        if (cache == null || tunnel) {
            cached = ExchangeCache.Exchange.BYPASS;
            return null;
        }
        cached = cache.begin(request, target.fixed().isPresent() ? target.serviceId()
                : "http://" + target.serviceId() + MeshRoute.SUFFIX);
        return cached.lookup().map(CompletionStage::toCompletableFuture).orElse(null);
    }

    /**
     * The worker's final response head: before it is framed for the client the trace takes the worker's span out of
     * it and the cache may add to it; once framed it goes to the trace.
     */
    static void responseHead(ExchangeExtras extras, HttpResponse response, boolean framed) {
        if (extras == null) {
            return;
        }
        if (framed) {
            extras.trace.response(response, false);
        } else {
            if (extras.tracing != null) {
                extras.trace.workerHead(response);
            }
            extras.cached.responseHead(response);
        }
    }

    /** A part of the worker's response on its way to the client. */
    static void responseBody(ExchangeExtras extras, Object msg) {
        if (extras != null && msg instanceof HttpContent content) {
            extras.cached.responseBody(content);
        }
    }

    /** {@link #abandon()} on {@code extras} when there are any. */
    static void abandon(ExchangeExtras extras) {
        if (extras != null) {
            extras.abandon();
        }
    }

    /** {@link #end} on {@code extras} when there are any; returns {@code response}. */
    static <R extends HttpResponse> R end(ExchangeExtras extras, R response, boolean local) {
        if (extras != null) {
            extras.end(response, local);
        }
        return response;
    }

    /** The exchange ended without the worker's whole response: nothing is stored. */
    void abandon() {
        cached.abandon();
        cached = ExchangeCache.Exchange.BYPASS;
    }

    /** The exchange's answer was handed over (or the client went away: {@code response} null); its trace ends. */
    void end(HttpResponse response, boolean local) {
        if (response != null) {
            trace.response(response, local);
        }
        trace.end();
        trace = ExchangeTracing.Trace.NONE;
    }
}
