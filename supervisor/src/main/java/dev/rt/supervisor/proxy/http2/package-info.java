/**
 * HTTP/2 at a proxy server: the pipeline of an h2 client connection (one child channel per stream, each turned
 * into HTTP/1.1 objects for a frontend of its own) and WebSockets over h2 streams (RFC 8441). It uses the exchange
 * and must not be known by it; the servers choose it by ALPN or the h2c preface.
 */
package dev.rt.supervisor.proxy.http2;
