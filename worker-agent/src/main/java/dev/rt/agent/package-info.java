/**
 * The worker agent: the {@code main} of every worker JVM ({@link dev.rt.agent.WorkerMain}). It connects to the
 * supervisor's socket, finds the service's kind ({@link dev.rt.agent.KindLookup}) and starts it with a worker context
 * (log, messaging, tracing, HTTP cache), then reports ready, stats, metrics and spans and obeys stop; it routes
 * {@code *.rt.local} through the mesh ({@link dev.rt.agent.MeshProxySelector}). It speaks the protocol and
 * implements the kind SPI and the messaging library's runtime; it knows no kind, nor the supervisor's code.
 */
package dev.rt.agent;
