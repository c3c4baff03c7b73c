/**
 * Tracing of what the supervisor proxies, from the runtime's {@code telemetry}. {@link
 * dev.rt.supervisor.telemetry.Tracing} gives each proxy server its {@code ExchangeTracing}: {@code ProxySpans}, a
 * SERVER span per public request and a CLIENT span per call between services, each passed on to the worker as its
 * {@code traceparent} ({@code TraceParent}, read and written by hand). The event loop records a compact
 * {@code ProxySpan}; a {@code SpanPipeline} (a bounded multi-producer queue and one export thread) turns it, and the
 * spans the workers send ({@code WorkerSpanExport}), into OpenTelemetry's {@code SpanData} for the exporters
 * {@code SpanExporters} builds, or, when the one exporter is OTLP over HTTP, writes rt's own spans straight into the
 * protobuf body ({@code OtlpSpanEncoder}) that {@code OtlpHttpExporter} posts; {@code ExportFailures} turns a collector that fails into one warning per interval.
 * Workers record their own spans (rt's light tracing in the worker agent) unless a service opts into the
 * OpenTelemetry Java agent ({@code process.TelemetryAgent}).
 */
package dev.rt.supervisor.telemetry;
