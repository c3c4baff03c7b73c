/**
 * Limits on abuse at the public entrypoint: {@code server.rateLimit} (requests per key and time window, answered 429)
 * and {@code server.maxConnectionsPerAddress} (concurrent connections of one client address). {@link
 * dev.rt.supervisor.limit.PublicLimits} is all a server sees: the Netty stages it adds to a client connection and to
 * each request pipeline, and what it closes. The counts live in memory, bounded, or in Redis, shared by every replica.
 * It must not know the proxy beyond the policy's AbuseLimits hook: the stages sit between an HTTP codec and whatever
 * comes next, so that the public accept can move into the workers.
 */
package dev.rt.supervisor.limit;
