/**
 * The supervisor's HTTP proxy: its servers. {@link dev.rt.supervisor.proxy.EntrypointServer} binds the public
 * socket of the entrypoint service (the one place that socket is bound), {@link dev.rt.supervisor.proxy.MeshProxy}
 * the mesh's loopback ports; both run on {@link dev.rt.supervisor.proxy.ProxyServer}, whose
 * {@link dev.rt.supervisor.proxy.ProxyInitializer} builds each client connection's pipeline (TLS, ALPN or the h2c
 * preface, HTTP/1.1 or HTTP/2). The parts live in sub-packages, none of which knows this one: {@code route} (where
 * a request goes), {@code exchange} (one client connection's requests), {@code backend} (connections to workers),
 * {@code http2}, {@code policy} (a gateway's server rules), {@code tls} and {@code transport} (the event loops).
 */
package dev.rt.supervisor.proxy;
