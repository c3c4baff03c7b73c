package dev.rt.telemetry;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.traces.ConfigurableSpanExporterProvider;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.nio.file.Path;

/**
 * The {@code file} exporter inside a worker, as an extension of the OpenTelemetry Java agent:
 * {@code otel.traces.exporter=rt-file} with {@code otel.exporter.rt-file.path} (default {@code spans.log}).
 */
public final class JsonLinesExporterProvider implements ConfigurableSpanExporterProvider {
    public static final String NAME = "rt-file";
    public static final String PATH_PROPERTY = "otel.exporter.rt-file.path";

    @Override
    public SpanExporter createExporter(ConfigProperties config) {
        return new JsonLinesSpanExporter(Path.of(config.getString(PATH_PROPERTY, "spans.log")));
    }

    @Override
    public String getName() {
        return NAME;
    }
}
