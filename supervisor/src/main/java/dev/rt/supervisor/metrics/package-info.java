/**
 * Metrics: the proxy's HTTP figures, the workers' scraped snapshots merged per service, and the metrics server
 * that exposes them (Prometheus or JSON, with optional basic auth). It must not know the proxy's internals beyond
 * the observer it implements.
 */
package dev.rt.supervisor.metrics;
