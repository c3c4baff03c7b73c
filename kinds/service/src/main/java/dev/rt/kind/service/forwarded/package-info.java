/**
 * {@code server.trustProxy} in a service: the handler that makes a request's {@code X-Forwarded-*} headers say only
 * what the proxies it believes vouch for ({@link dev.rt.kind.forwarded.TrustedProxies}, proxy-addr's rules: all or
 * none, a number of hops, or addresses, ranges and their keywords), before Vert.x Web reads them for the request's
 * remote address, host and scheme. It knows the request and its headers only; it
 * must not know routes, plugins or the rest of the service.
 */
package dev.rt.kind.service.forwarded;
