package dev.rt.supervisor.proxy;

/**
 * What every client connection of one proxy server shares.
 *
 * @param timeoutMillis how long a request may wait for its response head; 0 forever
 * @param observer      told about every answered request
 */
record FrontendConfig(ProxyRoute route, UpstreamSelector upstreams, BackendPool pool, long timeoutMillis,
        ServerLimits limits, RequestObserver observer) {
}
