package dev.rt.supervisor.telemetry;

import dev.rt.config.TelemetryConfig;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/**
 * The one {@code otlp} exporter over HTTP: posts the spans rt makes itself, which the {@link SpanPipeline} writes
 * into an OTLP protobuf body ({@link OtlpSpanEncoder}), with the JDK's HttpClient, as OpenTelemetry's exporter would
 * (same URL, headers, content type, 10 s timeout, retries); any other span (a worker's, sent in a frame, with whatever
 * its kind recorded) goes through OpenTelemetry's exporter ({@code sdk}) to the same URL. Used when it is the runtime's only exporter ({@link #serves}); failures are
 * reported by the {@link ExportFailures} around it.
 */
final class OtlpHttpExporter implements SpanExporter {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** OpenTelemetry's exporters' retry policy: 5 attempts, random waits up to 1 s, then 1.5 times more, 5 s at most. */
    static final Duration INITIAL_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    private static final double BACKOFF_MULTIPLIER = 1.5;
    private static final int ATTEMPTS = 5;
    private static final Set<Integer> RETRIED_STATUSES = Set.of(429, 502, 503, 504);
    private static final String USER_AGENT = "OTel-OTLP-Exporter-Java/"
            + Resource.getDefault().getAttribute(AttributeKey.stringKey("telemetry.sdk.version"));

    private final URI url;
    private final Map<String, String> headers;
    private final SpanExporter sdk;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .version(HttpClient.Version.HTTP_1_1).build();
    private final Duration initialBackoff;

    OtlpHttpExporter(String url, Map<String, String> headers, SpanExporter sdk, Duration initialBackoff) {
        this.initialBackoff = initialBackoff;
        this.url = URI.create(url);
        this.headers = Map.copyOf(headers);
        this.sdk = sdk;
    }

    /** Whether {@code exporters} is exactly one {@code otlp} exporter over HTTP (protobuf), which this one serves. */
    static boolean serves(List<TelemetryConfig.Exporter> exporters) {
        return exporters.size() == 1 && exporters.get(0).type() == TelemetryConfig.ExporterType.OTLP
                && exporters.get(0).protocol() == TelemetryConfig.Protocol.HTTP;
    }

    /** Spans as OpenTelemetry's exporter sends them. */
    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        return sdk.export(spans);
    }

    /**
     * Posts the first {@code length} bytes of {@code encoded}, rt's spans already written by an
     * {@link OtlpSpanEncoder} (null when there are none), which must stay as they are until the export ends, and
     * sends {@code others} through OpenTelemetry's exporter to the same collector.
     */
    CompletableResultCode export(byte[] encoded, int length, Collection<SpanData> others) {
        CompletableResultCode posted = encoded == null ? CompletableResultCode.ofSuccess() : post(encoded, length);
        return others.isEmpty() ? posted : both(posted, sdk.export(others));
    }

    private CompletableResultCode post(byte[] body, int length) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(TIMEOUT)
                .header("Content-Type", "application/x-protobuf").header("User-Agent", USER_AGENT)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body, 0, length));
        headers.forEach(request::header);
        CompletableResultCode result = new CompletableResultCode();
        send(request.build(), 1, initialBackoff.toNanos(), result);
        return result;
    }

    /**
     * Sends {@code request}, again after a random wait of up to {@code backoff} while the collector answers 429, 502,
     * 503 or 504 or cannot be reached (any I/O failure but TLS's).
     */
    private void send(HttpRequest request, int attempt, long backoff, CompletableResultCode result) {
        client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, thrown) -> {
            Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause()
                    : thrown;
            if (failure == null && response.statusCode() / 100 == 2) {
                result.succeed();
                return;
            }
            boolean retried = failure == null ? RETRIED_STATUSES.contains(response.statusCode())
                    : failure instanceof IOException && !(failure instanceof SSLException);
            if (retried && attempt < ATTEMPTS) {
                long wait = ThreadLocalRandom.current().nextLong(Math.min(backoff, MAX_BACKOFF.toNanos()) + 1);
                CompletableFuture.delayedExecutor(wait, TimeUnit.NANOSECONDS).execute(() -> send(request,
                        attempt + 1, (long) (Math.min(backoff, MAX_BACKOFF.toNanos()) * BACKOFF_MULTIPLIER), result));
            } else {
                result.failExceptionally(failure != null ? failure
                        : new IOException("the collector answered HTTP " + response.statusCode()));
            }
        });
    }

    /** Succeeds when both do; fails with the first failure otherwise. */
    private static CompletableResultCode both(CompletableResultCode first, CompletableResultCode second) {
        CompletableResultCode result = new CompletableResultCode();
        first.whenComplete(() -> second.whenComplete(() -> {
            CompletableResultCode failed = !first.isSuccess() ? first : !second.isSuccess() ? second : null;
            if (failed == null) {
                result.succeed();
            } else if (failed.getFailureThrowable() != null) {
                result.failExceptionally(failed.getFailureThrowable());
            } else {
                result.fail();
            }
        }));
        return result;
    }

    @Override
    public CompletableResultCode flush() {
        return sdk.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
        return sdk.shutdown();
    }
}
