/**
 * {@code server.trustProxy} as the reference's proxy-addr reads it ({@link dev.rt.kind.forwarded.TrustedProxies}):
 * which hops of a request's chain are believed. One reading for every server of rt: the service kind's Vert.x server
 * (its {@code X-Forwarded-*} handler) and the supervisor's public server for a gateway. JDK types only; it knows no
 * server and no request.
 */
package dev.rt.kind.forwarded;
