/**
 * One client connection (or h2 stream) of a proxy server, request after request: the {@link
 * dev.rt.supervisor.proxy.exchange.ProxyFrontendHandler} that reads it, the {@link
 * dev.rt.supervisor.proxy.exchange.ProxyExchange} state machine ({@link
 * dev.rt.supervisor.proxy.exchange.ExchangePhase}) that routes, forwards and answers each request, its link to a
 * worker, the header rewriting both ways, the held and framed responses, tunnels, and the hooks (tracing, cache,
 * observers) other parts of the supervisor plug in. It knows routing and the backend pool; it must not know the
 * servers that build its pipeline or HTTP/2's frames (an h2 stream's WebSockets reach it as a {@link
 * dev.rt.supervisor.proxy.exchange.StreamWebSockets}).
 */
package dev.rt.supervisor.proxy.exchange;
