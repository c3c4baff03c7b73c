/**
 * Connections to workers: the {@link dev.rt.supervisor.proxy.backend.BackendPool} that opens them on the client's
 * event loop and keeps idle ones per loop and worker, the per-worker connection limit, and the
 * {@link dev.rt.supervisor.proxy.backend.ProxyBackendHandler} that relays a worker's response. It reports to the
 * exchange it serves through {@link dev.rt.supervisor.proxy.backend.AttachedExchange}, an interface it owns: it must
 * not know the exchange, the routes or the servers.
 */
package dev.rt.supervisor.proxy.backend;
