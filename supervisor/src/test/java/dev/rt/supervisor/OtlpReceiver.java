package dev.rt.supervisor;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OTLP/HTTP trace receiver: {@code POST /v1/traces} with a protobuf {@code ExportTraceServiceRequest}, decoded with
 * the {@code opentelemetry-proto} classes behind a JDK {@code HttpServer}, as a collector would; what arrived is kept,
 * span by span, with the headers each request carried.
 */
final class OtlpReceiver implements AutoCloseable {
    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();

    /** One span as it arrived. */
    record ReceivedSpan(String service, String traceId, String spanId, String parentSpanId, Span.SpanKind kind,
            String name, Map<String, String> attributes) {
    }

    private OtlpReceiver(HttpServer server) {
        this.server = server;
    }

    static OtlpReceiver start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        OtlpReceiver receiver = new OtlpReceiver(server);
        server.createContext("/v1/traces", exchange -> {
            try (exchange; InputStream body = exchange.getRequestBody()) {
                Map<String, String> received = new ConcurrentHashMap<>();
                exchange.getRequestHeaders().forEach((name, values) -> received.put(name.toLowerCase(), values.get(0)));
                receiver.headers.add(received);
                receiver.receive(ExportTraceServiceRequest.parseFrom(body));
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            }
        });
        server.start();
        return receiver;
    }

    private void receive(ExportTraceServiceRequest request) {
        spans.addAll(spansOf(request));
    }

    /** The spans of one export, as they arrived. */
    static List<ReceivedSpan> spansOf(ExportTraceServiceRequest request) {
        List<ReceivedSpan> spans = new ArrayList<>();
        HexFormat hex = HexFormat.of();
        for (ResourceSpans resource : request.getResourceSpansList()) {
            String service = attributes(resource.getResource().getAttributesList()).getOrDefault("service.name", "");
            for (ScopeSpans scope : resource.getScopeSpansList()) {
                for (Span span : scope.getSpansList()) {
                    spans.add(new ReceivedSpan(service, hex.formatHex(span.getTraceId().toByteArray()),
                            hex.formatHex(span.getSpanId().toByteArray()), hex.formatHex(span.getParentSpanId().toByteArray()),
                            span.getKind(), span.getName(), attributes(span.getAttributesList())));
                }
            }
        }
        return spans;
    }

    private static Map<String, String> attributes(List<KeyValue> values) {
        Map<String, String> attributes = new java.util.HashMap<>();
        for (KeyValue value : values) {
            var any = value.getValue();
            attributes.put(value.getKey(), any.hasStringValue() ? any.getStringValue()
                    : any.hasIntValue() ? Long.toString(any.getIntValue())
                    : any.hasBoolValue() ? Boolean.toString(any.getBoolValue()) : any.toString());
        }
        return attributes;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/traces";
    }

    List<ReceivedSpan> spans() {
        return new ArrayList<>(spans);
    }

    List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(span -> span.traceId().equals(traceId)).toList();
    }

    List<Map<String, String>> requestHeaders() {
        return List.copyOf(headers);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
