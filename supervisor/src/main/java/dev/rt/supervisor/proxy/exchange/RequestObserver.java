package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.Upstream;
import io.netty.handler.codec.http.HttpMethod;

/**
 * Told about every request a worker answered through a proxy (entrypoint or mesh), whatever kind of
 * application the worker runs: which worker, the method, the status and the time from the request head to the
 * last byte of the response handed to the client. Called on an event loop: it must be quick and never block.
 * Errors the proxy answers itself (no worker, timeout) and tunnels (WebSocket, CONNECT) are not reported.
 */
@FunctionalInterface
public interface RequestObserver {
    RequestObserver NONE = (upstream, method, status, nanos) -> { };

    void answered(Upstream upstream, HttpMethod method, int status, long nanos);
}
