/**
 * The event loops every supervisor server and client runs on ({@link
 * dev.rt.supervisor.proxy.transport.ProxyEventLoops}, epoll or NIO by {@link
 * dev.rt.supervisor.proxy.transport.ProxyTransport}), and {@link dev.rt.supervisor.proxy.transport.SmallHttpServer},
 * the whole-request HTTP/1.1 server the metrics and the cache's invalidation endpoint run on them. It must not know
 * the proxy's routes, exchanges or servers.
 */
package dev.rt.supervisor.proxy.transport;
