package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.backend.BackendPool;
import dev.rt.supervisor.proxy.policy.EntrypointPolicy;
import dev.rt.supervisor.proxy.route.ProxyRoute;
import dev.rt.supervisor.proxy.route.UpstreamSelector;

/**
 * What every client connection of one proxy server shares.
 *
 * @param timeoutMillis how long a request may wait for its response head; 0 forever
 * @param observer      told about every answered request
 * @param hooks         tracing and the HTTP cache, when on
 * @param policy        the routing service's own server settings, at the public server of a gateway
 */
public record FrontendConfig(ProxyRoute route, UpstreamSelector upstreams, BackendPool pool, long timeoutMillis,
        ServerLimits limits, RequestObserver observer, ExchangeHooks hooks, EntrypointPolicy policy) {

    FrontendConfig(ProxyRoute route, UpstreamSelector upstreams, BackendPool pool, long timeoutMillis,
            ServerLimits limits, RequestObserver observer) {
        this(route, upstreams, pool, timeoutMillis, limits, observer, ExchangeHooks.NONE, EntrypointPolicy.NONE);
    }
}
