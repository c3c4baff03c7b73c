/**
 * {@code server.trustProxy}: which proxies in front of a service are believed, as the reference's framework
 * believes them (proxy-addr's rules: all or none, a number of hops, or addresses, ranges and their keywords), and the
 * handler that makes a request's {@code X-Forwarded-*} headers say only what those proxies vouch for, before Vert.x
 * Web reads them for the request's remote address, host and scheme. It knows the request and its headers only; it
 * must not know routes, plugins or the rest of the service.
 */
package dev.rt.kind.service.forwarded;
