/**
 * rt's extension of the OpenTelemetry Java agent: the {@code rt-file} span exporter
 * ({@link dev.rt.telemetry.JsonLinesExporterProvider}), which appends each span as a line of JSON
 * ({@link dev.rt.telemetry.SpanJson}) to the file the supervisor's own spans go to. It knows OpenTelemetry's SDK
 * only: no JSON library and no package of rt, since it runs in the agent's class loader.
 */
package dev.rt.telemetry;
