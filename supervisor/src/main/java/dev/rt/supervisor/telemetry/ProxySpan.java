package dev.rt.supervisor.telemetry;

import dev.rt.supervisor.proxy.ExchangeTracing;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AsciiString;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;

/**
 * The span of one proxied exchange as the event loop records it: ids, the times, and the raw parts of the request
 * and response it is made of. Its name, attributes and status are computed only on the export thread
 * ({@link #finish}), from the request target as the client sent it.
 */
final class ProxySpan implements ExchangeTracing.Trace, SpanPipeline.Pending {
    static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("http.response.status_code");
    static final String CLIENT_LEFT = "the client went away before the answer";
    private static final AsciiString CACHE_ID_HEADER = AsciiString.cached("x-rt-http-cache-id");
    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> URL_FULL = AttributeKey.stringKey("url.full");
    private static final AttributeKey<String> URL_PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> URL_SCHEME = AttributeKey.stringKey("url.scheme");
    private static final AttributeKey<String> URL_QUERY = AttributeKey.stringKey("url.query");
    private static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    private static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    private static final AttributeKey<String> CLIENT_ADDRESS = AttributeKey.stringKey("client.address");
    private static final AttributeKey<String> SERVICE_ID = AttributeKey.stringKey("rt.service.id");
    private static final AttributeKey<String> CALLER_ID = AttributeKey.stringKey("rt.caller.id");
    private static final AttributeKey<String> CACHE_ID = AttributeKey.stringKey("http.cache.id");
    private static final AttributeKey<Boolean> CACHE_HIT = AttributeKey.booleanKey("http.cache.hit");

    private final ProxySpans source;
    private final long traceHigh;
    private final long traceLow;
    private final long spanId;
    private final long parentId; // 0: a root span
    private final long startNanos;
    private final String method;
    private final String asked;
    private final String forwarded; // the request target the worker was sent
    private final String host;
    private final String serviceId;
    private final String caller; // null but for mesh calls from a service
    private final SocketAddress remote; // null but for SERVER spans
    private long endNanos;
    private int status;
    private String cacheId;
    private boolean cacheHit;
    private boolean answered;
    private String workerSpan; // the worker's, from its response head
    private long workerHeadNanos;

    @SuppressWarnings("checkstyle:ParameterNumber")
    ProxySpan(ProxySpans source, long traceHigh, long traceLow, long spanId, long parentId, String method,
            String asked, String forwarded, String host, String serviceId, String caller, SocketAddress remote) {
        this.source = source;
        this.traceHigh = traceHigh;
        this.traceLow = traceLow;
        this.spanId = spanId;
        this.parentId = parentId;
        this.startNanos = System.nanoTime();
        this.method = method;
        this.asked = asked;
        this.forwarded = forwarded;
        this.host = host;
        this.serviceId = serviceId;
        this.caller = caller;
        this.remote = remote;
    }

    @Override
    public void workerHead(HttpResponse head) {
        String value = head.headers().get(ExchangeTracing.WORKER_SPAN);
        if (value != null) {
            head.headers().remove(ExchangeTracing.WORKER_SPAN);
            workerSpan = value;
            workerHeadNanos = System.nanoTime();
        }
    }

    @Override
    public void response(HttpResponse head, boolean local) {
        answered = true;
        status = head.status().code();
        String id = head.headers().get(CACHE_ID_HEADER);
        if (id != null) {
            cacheId = id;
            cacheHit = local;
        }
    }

    @Override
    public void end() {
        endNanos = System.nanoTime();
        source.ended(this);
    }

    @Override
    public void finish(SpanPipeline.Clock clock, List<SpanData> out) {
        boolean server = source.kind() == SpanKind.SERVER;
        RequestTarget target = RequestTarget.of(asked, host, source.scheme());
        AttributesBuilder attributes = Attributes.builder()
                .put(METHOD, method)
                .put(URL_FULL, target.full())
                .put(SERVER_ADDRESS, target.host())
                .put(SERVER_PORT, (long) target.port())
                .put(SERVICE_ID, serviceId);
        if (server) {
            attributes.put(URL_PATH, target.path()).put(URL_SCHEME, target.scheme());
            if (!target.query().isEmpty()) {
                attributes.put(URL_QUERY, target.query());
            }
            if (remote instanceof InetSocketAddress address && address.getAddress() != null) {
                attributes.put(CLIENT_ADDRESS, address.getAddress().getHostAddress());
            }
        }
        if (caller != null) {
            attributes.put(CALLER_ID, caller);
        }
        if (answered) {
            attributes.put(STATUS_CODE, (long) status);
        }
        if (cacheId != null) {
            attributes.put(CACHE_ID, cacheId).put(CACHE_HIT, cacheHit);
        }
        String traceId = TraceParent.hex(traceHigh) + TraceParent.hex(traceLow);
        SpanContext parent = parentId == 0 ? SpanContext.getInvalid() : SpanContext.createFromRemoteParent(traceId,
                TraceParent.hex(parentId), TraceFlags.getSampled(), TraceState.getDefault());
        SpanContext context = SpanContext.create(traceId, TraceParent.hex(spanId), TraceFlags.getSampled(),
                TraceState.getDefault());
        out.add(new FinishedSpan(method + " " + (server ? target.path() : target.origin() + target.path()),
                source.kind(), context, parent, status(server), clock.epochNanos(startNanos),
                clock.epochNanos(endNanos), attributes.build(), source.resource(), ProxySpans.SCOPE, true));
        Resource workerResource = workerSpan == null ? null : source.workerResource(serviceId);
        FinishedSpan worker = workerResource == null ? null : WorkerHeadSpan.of(workerSpan, context, method,
                RequestTarget.pathOf(forwarded), endNanos - workerHeadNanos, workerResource);
        if (worker != null) {
            out.add(worker);
        }
    }

    private StatusData status(boolean server) {
        if (!answered) {
            return StatusData.create(StatusCode.ERROR, CLIENT_LEFT);
        }
        return status >= 500 || !server && status >= 400 ? StatusData.error() : StatusData.unset();
    }
}
