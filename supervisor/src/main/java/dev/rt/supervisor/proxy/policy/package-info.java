/**
 * What the public server applies to every request for an entrypoint whose kind routes (a gateway): that service's
 * own {@code server} settings ({@link dev.rt.kind.routing.ServerPolicy}), which no worker of its own would apply
 * to the requests its table sends straight to other services. CORS (the {@link dev.rt.kind.cors} decisions the
 * service kind's server makes too), the body limit, the request and connection time limits, requests per
 * connection, which proxies in front are believed. Each concern is a small pipeline stage or a decision the
 * exchange asks for; a refusal travels to the exchange as the failed decoder result of a request object
 * ({@link dev.rt.supervisor.proxy.policy.PolicyRefusal}), so that it is answered in order like any error of the
 * proxy. It knows Netty's HTTP objects, not the exchange, the routing table or the upstreams.
 */
package dev.rt.supervisor.proxy.policy;
