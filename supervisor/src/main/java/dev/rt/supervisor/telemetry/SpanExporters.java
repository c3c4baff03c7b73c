package dev.rt.supervisor.telemetry;

import dev.rt.config.TelemetryConfig;
import dev.rt.config.TelemetryConfig.Exporter;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.telemetry.JsonLinesSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.exporter.zipkin.ZipkinSpanExporter;
import io.opentelemetry.sdk.common.export.HttpSenderProvider;
import io.opentelemetry.sdk.common.export.MemoryMode;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The supervisor's exporters, one per entry of {@code telemetry.exporter}: {@code console} (the runtime log),
 * {@code otlp} over HTTP on the JDK's HttpClient or over gRPC (OkHttp), {@code zipkin} on the JDK's HttpClient,
 * {@code memory}, {@code file} (JSON lines). Those that send spans away say when they fail ({@link ExportFailures}).
 * When the one exporter is {@code otlp} over HTTP, rt writes its own spans' protobuf itself ({@link OtlpHttpExporter});
 * everything else goes through OpenTelemetry's exporters.
 */
final class SpanExporters {
    static final String DEFAULT_ZIPKIN = "http://localhost:9411/api/v2/spans";
    static final String DEFAULT_FILE = "spans.log";

    private SpanExporters() {
    }

    /**
     * @param root   the configuration's directory, which a relative file path is resolved against
     * @param memory where the {@code memory} exporter keeps its spans
     */
    static List<SpanExporter> of(TelemetryConfig telemetry, Path root, RuntimeLog log, MemorySpanExporter memory) {
        List<SpanExporter> exporters = new ArrayList<>();
        for (Exporter exporter : telemetry.exporters()) {
            exporters.add(switch (exporter.type()) {
                case CONSOLE -> new LogSpanExporter(log);
                case MEMORY -> memory;
                case OTLP -> {
                    String url = exporter.url().orElseThrow();
                    SpanExporter sdk = exporter.protocol() == TelemetryConfig.Protocol.GRPC
                            ? OtlpGrpcSpanExporter.builder().setEndpoint(url).setHeaders(exporter::headers).build()
                            : OtlpHttpSpanExporter.builder().setEndpoint(url).setHeaders(exporter::headers)
                                    .setMemoryMode(MemoryMode.IMMUTABLE_DATA)
                                    .setComponentLoader(SpanExporters::jdkSenderOnly).build();
                    yield new ExportFailures(OtlpHttpExporter.serves(telemetry.exporters())
                            ? new OtlpHttpExporter(url, exporter.headers(), sdk, OtlpHttpExporter.INITIAL_BACKOFF) : sdk,
                            "the OTLP collector " + url, log);
                }
                case ZIPKIN -> {
                    String url = exporter.url().orElse(DEFAULT_ZIPKIN);
                    yield new ExportFailures(ZipkinSpanExporter.builder()
                            .setSender(new JdkZipkinSender(URI.create(url), exporter.headers())).build(),
                            "the Zipkin server " + url, log);
                }
                case FILE -> {
                    Path file = root.resolve(exporter.path().orElse(DEFAULT_FILE));
                    yield new ExportFailures(new JsonLinesSpanExporter(file), "the file " + file, log);
                }
            });
        }
        return exporters;
    }

    /**
     * The exporter's services as its class loader finds them, with only the JDK's HttpClient to send over HTTP
     * (OkHttp, there for gRPC, would be taken otherwise).
     */
    private static <T> Iterable<T> jdkSenderOnly(Class<T> type) {
        List<T> found = new ArrayList<>();
        for (T service : ServiceLoader.load(type, SpanExporters.class.getClassLoader())) {
            if (type != HttpSenderProvider.class || !service.getClass().getName().contains(".okhttp.")) {
                found.add(service);
            }
        }
        return found;
    }

}
