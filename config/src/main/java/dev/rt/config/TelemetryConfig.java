package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code telemetry}: OpenTelemetry tracing, in its runtime form (named by {@code serviceName}) or its
 * application form (named by {@code applicationName}, which adds the {@code file} exporter, exporter
 * {@code path} and {@code protocol}, and {@code diagLogger}). A service is reported as {@code <name>-<serviceId>}.
 *
 * @param name      {@code serviceName} or {@code applicationName}
 * @param exporters at least one; {@code console} when none is configured
 * @param sampling  the fraction of traces recorded, from 0 to 1 ({@code sampling}, rt's own; default 1: all)
 */
public record TelemetryConfig(
        String name,
        Optional<String> version,
        List<Skip> skip,
        List<Exporter> exporters,
        boolean diagLogger,
        double sampling) {

    public TelemetryConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        skip = List.copyOf(skip);
        exporters = List.copyOf(exporters);
        if (exporters.isEmpty()) {
            throw new IllegalArgumentException("telemetry needs at least one exporter");
        }
        if (!(sampling >= 0 && sampling <= 1)) {
            throw new IllegalArgumentException("sampling must lie between 0 and 1, found " + sampling);
        }
    }

    /** The name a service of the runtime is reported under: {@code <name>-<serviceId>}. */
    public String serviceName(String serviceId) {
        return name + "-" + serviceId;
    }

    /** An operation that is not exported: empty parts match anything. */
    public record Skip(Optional<String> method, Optional<String> path) {
        public Skip {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(path, "path");
        }
    }

    public enum ExporterType {
        CONSOLE, OTLP, ZIPKIN, MEMORY, FILE;

        static ExporterType of(String name) {
            return valueOf(name.toUpperCase(Locale.ROOT));
        }
    }

    /** OTLP transport: with {@code HTTP} the URL ends in {@code /v1/traces}, with {@code GRPC} it does not. */
    public enum Protocol {
        HTTP, GRPC
    }

    /**
     * Where spans go.
     *
     * @param url     the collector ({@code otlp}, {@code zipkin}); no effect for the others
     * @param headers sent with every export ({@code otlp}, {@code zipkin})
     * @param path    the file spans are written to ({@code file})
     */
    public record Exporter(ExporterType type, Optional<String> url, Map<String, String> headers, Optional<String> path,
                           Protocol protocol) {
        public Exporter {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(url, "url");
            headers = Map.copyOf(headers);
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(protocol, "protocol");
        }

        public static final Exporter CONSOLE = new Exporter(ExporterType.CONSOLE, Optional.empty(), Map.of(),
                Optional.empty(), Protocol.HTTP);

        static Exporter from(JsonNode exporter) {
            JsonNode options = Section.child(exporter, "options");
            String protocol = Section.optionalText(options, "transport")
                    .orElse(Section.text(options, "protocol", "http"));
            return new Exporter(ExporterType.of(Section.text(exporter, "type", "console")),
                    Section.optionalText(options, "url"),
                    Section.stringMap(Section.child(options, "headers")),
                    Section.optionalText(options, "path"),
                    Protocol.valueOf(protocol.toUpperCase(Locale.ROOT)));
        }
    }

    /** The {@code telemetry} object, or empty when it is absent (no tracing). */
    public static Optional<TelemetryConfig> from(JsonNode telemetry) {
        if (!Section.present(telemetry)) {
            return Optional.empty();
        }
        List<Skip> skip = new ArrayList<>();
        Section.child(telemetry, "skip").forEach(operation -> skip.add(
                new Skip(Section.optionalText(operation, "method"), Section.optionalText(operation, "path"))));
        List<Exporter> exporters = new ArrayList<>();
        JsonNode exporter = Section.child(telemetry, "exporter");
        if (exporter.isArray()) {
            exporter.forEach(element -> exporters.add(Exporter.from(element)));
        } else if (Section.present(exporter)) {
            exporters.add(Exporter.from(exporter));
        } else {
            exporters.add(Exporter.CONSOLE);
        }
        String name = Section.optionalText(telemetry, "serviceName")
                .orElseGet(() -> Section.requiredText(telemetry, "applicationName"));
        JsonNode sampling = Section.child(telemetry, "sampling");
        return Optional.of(new TelemetryConfig(name, Section.optionalText(telemetry, "version"), skip, exporters,
                Section.flag(telemetry, "diagLogger", false),
                Section.present(sampling) ? Double.parseDouble(sampling.asText().strip()) : 1.0));
    }
}
