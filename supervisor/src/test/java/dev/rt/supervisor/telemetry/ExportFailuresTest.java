package dev.rt.supervisor.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.log.RuntimeLog;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ExportFailuresTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final RuntimeLog log = new RuntimeLog(new PrintStream(out, true, StandardCharsets.UTF_8), false);
    private final AtomicLong clock = new AtomicLong();
    private boolean refuse = true;
    private final SpanExporter collector = new SpanExporter() {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return refuse ? CompletableResultCode.ofExceptionalFailure(new java.io.IOException("Failed to export spans",
                    new ConnectException("Connection refused"))) : CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    };
    private final ExportFailures failures = new ExportFailures(collector, "the OTLP collector http://c/v1/traces", log,
            Duration.ofSeconds(60), clock::get);

    private static List<SpanData> spans(int count) {
        return Collections.nCopies(count, null);
    }

    private List<String> warnings() {
        log.close();
        return out.toString(StandardCharsets.UTF_8).lines().filter(line -> line.contains("Cannot export spans")).toList();
    }

    @Test
    void failedExportsDropTheirSpansWithOneWarningPerInterval() {
        failures.export(spans(3));
        clock.addAndGet(Duration.ofSeconds(59).toNanos());
        failures.export(spans(4));
        failures.export(spans(5));
        clock.addAndGet(Duration.ofSeconds(2).toNanos());
        failures.export(spans(6));

        assertThat(failures.dropped()).isEqualTo(18);
        List<String> warnings = warnings();
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).contains("Cannot export spans to the OTLP collector http://c/v1/traces: Failed to "
                + "export spans (Connection refused); 3 spans were dropped");
        assertThat(warnings.get(1)).contains("; 15 spans were dropped");
    }

    @Test
    void successfulExportsSayNothing() {
        refuse = false;
        assertThat(failures.export(spans(2)).isSuccess()).isTrue();
        assertThat(failures.dropped()).isZero();
        assertThat(warnings()).isEmpty();
    }
}
