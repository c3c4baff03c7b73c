package dev.rt.supervisor.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceParentTest {
    private static final TextMapGetter<Map<String, String>> MAP = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier.get(key);
        }
    };

    @Test
    void readsAndWritesTheFiftyFiveCharacterForm() {
        String value = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        assertThat(TraceParent.valid(value)).isTrue();
        assertThat(TraceParent.format(TraceParent.traceIdHigh(value), TraceParent.traceIdLow(value),
                TraceParent.parentId(value), TraceParent.sampled(value)).toString()).isEqualTo(value);
        assertThat(TraceParent.format(-1L, 1L, Long.MIN_VALUE, false).toString())
                .isEqualTo("00-ffffffffffffffff0000000000000001-8000000000000000-00");
        assertThat(TraceParent.hex(0xabcL)).isEqualTo("0000000000000abc");
    }

    /** Whatever OpenTelemetry's own W3C propagator accepts, and only that, is continued. */
    @Test
    void acceptsWhatOpenTelemetrysPropagatorAccepts() {
        List<String> values = List.of("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00",
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-03",
                "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-what-comes-later",
                "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-",
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-0",
                "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-0g",
                "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",
                "00-00000000000000000000000000000000-b7ad6b7169203331-01",
                "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",
                "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "0x-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "00_0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01x",
                "");
        for (String value : values) {
            boolean sdk = Span.fromContext(W3CTraceContextPropagator.getInstance()
                    .extract(Context.root(), Map.of("traceparent", value), MAP)).getSpanContext().isValid();
            assertThat(TraceParent.valid(value)).as(value).isEqualTo(sdk);
            if (sdk) {
                boolean sampled = Span.fromContext(W3CTraceContextPropagator.getInstance()
                        .extract(Context.root(), Map.of("traceparent", value), MAP)).getSpanContext().isSampled();
                assertThat(TraceParent.sampled(value)).as(value).isEqualTo(sampled);
            }
        }
        assertThat(TraceParent.valid(null)).isFalse();
    }
}
