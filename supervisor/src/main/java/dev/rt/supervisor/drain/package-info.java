/**
 * The drain before a stop ({@code gracefulShutdown.drain}): from the stop request on, {@code /ready} fails and the
 * entrypoint's responses close their connections while it still serves, so that load balancers and Kubernetes'
 * endpoints take this replica out before it stops accepting. It owns when the drain began and how long it lasts;
 * it knows nothing of sockets, probes or workers (the supervisor hands it what to do when it begins).
 */
package dev.rt.supervisor.drain;
