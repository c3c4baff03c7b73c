/**
 * Tracing of what the supervisor proxies, from the runtime's {@code telemetry}. {@link
 * dev.rt.supervisor.telemetry.Tracing} holds an OpenTelemetry SDK of its own and gives each proxy server its
 * {@code ExchangeTracing}: {@code ProxySpans}, a SERVER span per public request and a CLIENT span per call between
 * services, each passed on to the worker as its {@code traceparent}. {@code SpanExporters} builds the configured
 * exporters; {@code ExportFailures} turns a collector that fails into one warning per interval. The workers of traced
 * services trace themselves with the OpenTelemetry Java agent ({@code process.TelemetryAgent}).
 */
package dev.rt.supervisor.telemetry;
