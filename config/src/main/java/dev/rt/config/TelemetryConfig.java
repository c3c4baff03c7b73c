package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.read.ConfigNode;
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

        static Exporter from(ConfigNode exporter) {
            ConfigNode options = exporter.get("options");
            String protocol = options.get("transport").optionalString()
                    .orElse(options.get("protocol").string("http"));
            return new Exporter(ExporterType.of(exporter.get("type").string("console")),
                    options.get("url").optionalString(),
                    options.get("headers").stringMap(),
                    options.get("path").optionalString(),
                    Protocol.valueOf(protocol.toUpperCase(Locale.ROOT)));
        }
    }

    /**
     * A {@code telemetry} section outside the runtime's configuration (an application's own, already validated by
     * its schema), or empty when it is absent.
     */
    public static Optional<TelemetryConfig> of(JsonNode telemetry) {
        return from(ConfigNode.section("telemetry", telemetry));
    }

    /** The {@code telemetry} object, or empty when it is absent (no tracing). */
    static Optional<TelemetryConfig> from(ConfigNode telemetry) {
        if (telemetry.isMissing()) {
            return Optional.empty();
        }
        List<Skip> skip = new ArrayList<>();
        for (ConfigNode operation : telemetry.get("skip").elements()) {
            skip.add(new Skip(operation.get("method").optionalString(), operation.get("path").optionalString()));
        }
        List<Exporter> exporters = new ArrayList<>();
        ConfigNode exporter = telemetry.get("exporter");
        if (exporter.json().isArray()) {
            exporter.elements().forEach(element -> exporters.add(Exporter.from(element)));
        } else if (!exporter.isMissing()) {
            exporters.add(Exporter.from(exporter));
        } else {
            exporters.add(Exporter.CONSOLE);
        }
        String name = telemetry.get("serviceName").optionalString()
                .orElseGet(() -> telemetry.get("applicationName").string());
        return Optional.of(new TelemetryConfig(name, telemetry.get("version").optionalString(), skip, exporters,
                telemetry.get("diagLogger").bool(false), sampling(telemetry.get("sampling"))));
    }

    /** {@code sampling}: a number, or a string holding one (a placeholder after substitution); 1 when absent. */
    private static double sampling(ConfigNode sampling) {
        if (sampling.isMissing()) {
            return 1.0;
        }
        try {
            double value = sampling.json().isNumber() ? sampling.json().doubleValue()
                    : Double.parseDouble(sampling.json().asText().strip());
            if (value >= 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw sampling.error("must be a number from 0 to 1, found " + sampling.describe());
    }
}
