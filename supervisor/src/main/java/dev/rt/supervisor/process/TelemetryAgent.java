package dev.rt.supervisor.process;

import dev.rt.config.install.Installation;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.ServiceTelemetryConfig;
import dev.rt.config.TelemetryConfig;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The OpenTelemetry Java agent of the workers of traced services that ask for it, configured by rt through system
 * properties. A service is traced when its entry's {@code telemetry.enabled} is not false and the runtime has a
 * {@code telemetry} (or, without one, the service's own configuration has); with the runtime's, its workers get the
 * agent only when its entry's {@code telemetry.javaagent} says so (otherwise its kind records rt's light spans, which
 * the supervisor exports), with its own they always do. It is reported as {@code <name>-<serviceId>}, sampled like
 * the trace its requests arrive with, and exports where that {@code telemetry} says ({@code console}, {@code otlp}
 * over HTTP or gRPC, {@code zipkin}, {@code file} through rt's extension of the agent; {@code memory} holds the
 * supervisor's spans only). A service's {@code instrumentations}, when it lists any, are the only agent
 * instrumentations enabled ({@code "jdbc"}, {@code {"package": "java-http-client", "options": {...}}}). The agent
 * reads only the first exporter of each type; a worker's {@code nodeOptions} come after these and can override any.
 * A service's own {@code telemetry.diagLogger: true} turns on the agent's debug diagnostics
 * ({@code otel.javaagent.debug}): they reach rt's log as the worker's lines, at the agent's levels, which the
 * runtime's {@code logger.level} filters like any other.
 */
public final class TelemetryAgent {
    /** No service is traced. */
    public static final TelemetryAgent NONE = new TelemetryAgent(Optional.empty(), null, null, Path.of("."));

    private final Optional<TelemetryConfig> runtime;
    private final Path agentJar;
    private final Path extensionJar;
    private final Path root;

    private TelemetryAgent(Optional<TelemetryConfig> runtime, Path agentJar, Path extensionJar, Path root) {
        this.runtime = runtime;
        this.agentJar = agentJar;
        this.extensionJar = extensionJar;
        this.root = root;
    }

    /**
     * The agent for the services of {@code config}; {@link #NONE} when none is traced.
     *
     * @throws dev.rt.config.error.RtException {@code RT_AGENT_JAR_MISSING} when a service is traced and the agent is missing
     */
    public static TelemetryAgent of(RuntimeConfig config) {
        TelemetryAgent probe = new TelemetryAgent(config.sections().telemetry(), null, null, config.root());
        if (config.services().stream().noneMatch(probe::attaches)) {
            return NONE;
        }
        return new TelemetryAgent(config.sections().telemetry(), Installation.telemetryAgentJar(),
                Installation.telemetryExtensionJar(), config.root());
    }

    /** The telemetry a service's workers are traced with: the runtime's, else the service's own; empty when off. */
    Optional<TelemetryConfig> telemetryOf(ServiceConfig service) {
        if (!service.telemetry().enabled()) {
            return Optional.empty();
        }
        return runtime.isPresent() ? runtime : TelemetryConfig.of(service.application().configuration().path("telemetry"));
    }

    /** Whether the workers of {@code service} get the agent. */
    boolean attaches(ServiceConfig service) {
        return telemetryOf(service).isPresent() && (runtime.isEmpty() || service.telemetry().javaagent());
    }

    /** The JVM options of a worker of {@code service}: none when it does not get the agent. */
    List<String> jvmOptions(ServiceConfig service) {
        if (agentJar == null || !attaches(service)) {
            return List.of();
        }
        Optional<TelemetryConfig> found = telemetryOf(service);
        TelemetryConfig telemetry = found.get();
        Path base = runtime.isPresent() ? root : service.directory();
        List<String> options = new ArrayList<>();
        options.add("-javaagent:" + agentJar);
        property(options, "otel.service.name", telemetry.serviceName(service.id()));
        telemetry.version().ifPresent(version -> property(options, "otel.resource.attributes",
                "service.version=" + encoded(version)));
        property(options, "otel.traces.sampler", "parentbased_traceidratio");
        property(options, "otel.traces.sampler.arg", Double.toString(telemetry.sampling()));
        property(options, "otel.metrics.exporter", "none");
        property(options, "otel.logs.exporter", "none");
        property(options, "otel.bsp.schedule.delay", "500");
        Set<String> exporters = new LinkedHashSet<>();
        for (TelemetryConfig.Exporter exporter : telemetry.exporters()) {
            String name = exporterName(exporter);
            if (name.isEmpty() || !exporters.add(name)) {
                continue;
            }
            switch (exporter.type()) {
                case OTLP -> {
                    property(options, "otel.exporter.otlp.traces.endpoint", exporter.url().orElseThrow());
                    property(options, "otel.exporter.otlp.traces.protocol",
                            exporter.protocol() == TelemetryConfig.Protocol.GRPC ? "grpc" : "http/protobuf");
                    if (!exporter.headers().isEmpty()) {
                        property(options, "otel.exporter.otlp.traces.headers", headers(exporter.headers()));
                    }
                }
                case ZIPKIN -> exporter.url().ifPresent(url -> property(options, "otel.exporter.zipkin.endpoint", url));
                case FILE -> {
                    options.add(1, "-Dotel.javaagent.extensions=" + extensionJar);
                    property(options, "otel.exporter.rt-file.path",
                            base.resolve(exporter.path().orElse("spans.log")).toAbsolutePath().toString());
                }
                default -> { }
            }
        }
        property(options, "otel.traces.exporter", exporters.isEmpty() ? "none" : String.join(",", exporters));
        instrumentations(options, service.telemetry());
        if (telemetry.diagLogger()) {
            property(options, "otel.javaagent.debug", "true");
        }
        return options;
    }

    private static String exporterName(TelemetryConfig.Exporter exporter) {
        return switch (exporter.type()) {
            case CONSOLE -> "console";
            case OTLP -> "otlp";
            case ZIPKIN -> "zipkin";
            case FILE -> "rt-file";
            case MEMORY -> "";
        };
    }

    private static void instrumentations(List<String> options, ServiceTelemetryConfig telemetry) {
        if (telemetry.instrumentations().isEmpty()) {
            return;
        }
        property(options, "otel.instrumentation.common.default-enabled", "false");
        for (ServiceTelemetryConfig.Instrumentation instrumentation : telemetry.instrumentations()) {
            String name = instrumentation.packageName().toLowerCase(Locale.ROOT);
            property(options, "otel.instrumentation." + name + ".enabled", "true");
            instrumentation.options().properties().forEach(option -> property(options,
                    "otel.instrumentation." + name + "." + option.getKey(), option.getValue().asText()));
        }
    }

    private static String headers(Map<String, String> headers) {
        return headers.entrySet().stream().map(header -> header.getKey() + "=" + encoded(header.getValue()))
                .collect(Collectors.joining(","));
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static void property(List<String> options, String name, String value) {
        options.add("-D" + name + "=" + value);
    }
}
