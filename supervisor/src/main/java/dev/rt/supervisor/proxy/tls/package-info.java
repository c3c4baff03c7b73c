/**
 * TLS of the public server: the keys and certificates of {@code server.https} (the PEM forms tools write), chosen
 * by SNI, with the ALPN protocols the server offers. It must not know the proxy's pipelines.
 */
package dev.rt.supervisor.proxy.tls;
