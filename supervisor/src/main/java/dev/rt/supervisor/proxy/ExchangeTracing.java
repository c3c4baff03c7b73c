package dev.rt.supervisor.proxy;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;

/**
 * Tracing of the requests a proxy server forwards, one {@link Trace} per exchange. Called on the client
 * connection's event loop: implementations are quick and never block.
 */
public interface ExchangeTracing {

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
            public void response(HttpResponse head, boolean local) {
            }

            @Override
            public void end() {
            }
        };

        /** The final response head that goes to the client; {@code local} when the proxy answered itself. */
        void response(HttpResponse head, boolean local);

        /** The exchange ended: its answer was handed over, or the client went away before it. */
        void end();
    }
}
