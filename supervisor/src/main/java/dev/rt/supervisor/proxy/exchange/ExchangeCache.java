package dev.rt.supervisor.proxy.exchange;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * An HTTP cache in front of the workers, as the mesh proxy sees it. Called on the client connection's event
 * loop: implementations never block (a store that must wait answers with a future).
 */
public interface ExchangeCache {

    /**
     * A request routed to {@code origin} ({@code http://<id>.rt.local}, or an origin outside the runtime): how the
     * cache takes part in its exchange, {@link Exchange#BYPASS} when it does not.
     */
    Exchange begin(HttpRequest request, String origin);

    /** The cache's part in one exchange; {@code lookup} first, then the response as it goes to the client. */
    interface Exchange {
        Exchange BYPASS = new Exchange() {
            @Override
            public Optional<CompletionStage<Optional<FullHttpResponse>>> lookup() {
                return Optional.empty();
            }

            @Override
            public void responseHead(HttpResponse response) {
            }

            @Override
            public void responseBody(HttpContent content) {
            }

            @Override
            public void abandon() {
            }
        };

        /**
         * The stored response that answers the request, when the cache is asked: it completes with the answer
         * (owned by the caller) or with empty, and the request goes to a worker. Empty when the cache is not asked.
         */
        Optional<CompletionStage<Optional<FullHttpResponse>>> lookup();

        /** The worker's final response head, before it goes to the client; the cache may add headers to it. */
        void responseHead(HttpResponse response);

        /** A part of the response body on its way to the client; not retained (a copy is kept if anything). */
        void responseBody(HttpContent content);

        /** The exchange ended without a whole response: nothing is stored. */
        void abandon();
    }
}
