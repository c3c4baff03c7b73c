/**
 * What a kind that routes the runtime's public requests itself hands the public server, without a hop of its own:
 * when the entrypoint service is of a kind that offers an {@code EntrypointRouter} (the SPI, in {@code dev.rt.kind}),
 * the supervisor starts it once the other services have started, and applies every
 * {@link dev.rt.kind.routing.RoutingTable} it publishes to the requests of the public server, sending each straight
 * to a worker of the service the table names (or to an origin outside the runtime). What no rule takes goes to the
 * entrypoint service's own workers, or is answered 404 when it runs none. The types are records of JDK types, like
 * the rest of the SPI; this package must not know the SPI that uses it (no import of {@code dev.rt.kind}).
 */
package dev.rt.kind.routing;
