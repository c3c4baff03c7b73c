package dev.rt.supervisor.proxy.exchange;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AsciiString;

/**
 * Tracing of the requests a proxy server forwards, one {@link Trace} per exchange. Called on the client
 * connection's event loop: implementations are quick and never block.
 */
public interface ExchangeTracing {
    /**
     * The response header a traced worker's span comes back in (the kind API's {@code ResponseHeadSpan}): the trace
     * takes it out of the worker's response head, so that the client never sees it.
     */
    AsciiString WORKER_SPAN = AsciiString.cached("x-rt-span");

    /**
     * A request was routed to {@code serviceId} and is about to go on: returns its trace. It may set headers of
     * {@code request} for the worker ({@code traceparent}, {@code x-rt-telemetry-id}).
     *
     * @param asked  the request target as the client sent it, before the route rewrote it
     * @param client the client's connection
     */
    Trace begin(HttpRequest request, String asked, String serviceId, Channel client);

    /** What happens to one traced exchange; each method is called at most once, {@code end} last. */
    interface Trace {
        /** For a request that is not traced. */
        Trace NONE = new Trace() {
            @Override
            public void workerHead(HttpResponse head) {
                head.headers().remove(WORKER_SPAN);
            }

            @Override
            public void response(HttpResponse head, boolean local) {
            }

            @Override
            public void end() {
            }
        };

        /**
         * The worker's final response head, before the cache or the client sees it: the trace takes out
         * {@link #WORKER_SPAN}, the worker's span, and keeps what it says.
         */
        void workerHead(HttpResponse head);

        /** The final response head that goes to the client; {@code local} when the proxy answered itself. */
        void response(HttpResponse head, boolean local);

        /** The exchange ended: its answer was handed over, or the client went away before it. */
        void end();
    }
}
