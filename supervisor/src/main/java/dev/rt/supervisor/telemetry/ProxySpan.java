package dev.rt.supervisor.telemetry;

import dev.rt.supervisor.proxy.exchange.ExchangeTracing;
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
    private static final byte[] METHOD_KEY = OtlpSpanEncoder.key(METHOD.getKey());
    private static final byte[] URL_FULL_KEY = OtlpSpanEncoder.key(URL_FULL.getKey());
    private static final byte[] URL_PATH_KEY = OtlpSpanEncoder.key(URL_PATH.getKey());
    private static final byte[] URL_SCHEME_KEY = OtlpSpanEncoder.key(URL_SCHEME.getKey());
    private static final byte[] URL_QUERY_KEY = OtlpSpanEncoder.key(URL_QUERY.getKey());
    private static final byte[] SERVER_ADDRESS_KEY = OtlpSpanEncoder.key(SERVER_ADDRESS.getKey());
    private static final byte[] SERVER_PORT_KEY = OtlpSpanEncoder.key(SERVER_PORT.getKey());
    private static final byte[] CLIENT_ADDRESS_KEY = OtlpSpanEncoder.key(CLIENT_ADDRESS.getKey());
    private static final byte[] SERVICE_ID_KEY = OtlpSpanEncoder.key(SERVICE_ID.getKey());
    private static final byte[] CALLER_ID_KEY = OtlpSpanEncoder.key(CALLER_ID.getKey());
    private static final byte[] CACHE_ID_KEY = OtlpSpanEncoder.key(CACHE_ID.getKey());
    private static final byte[] CACHE_HIT_KEY = OtlpSpanEncoder.key(CACHE_HIT.getKey());
    private static final byte[] STATUS_CODE_KEY = OtlpSpanEncoder.key(STATUS_CODE.getKey());

    private final ProxySpans source;
    private final long traceHigh;
    private final long traceLow;
    private final long spanId;
    private final long parentId; // 0: a root span
    private final String traceState; // the tracestate header of a continued trace; null when none
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
    ProxySpan(ProxySpans source, long traceHigh, long traceLow, long spanId, long parentId, String traceState,
            String method, String asked, String forwarded, String host, String serviceId, String caller,
            SocketAddress remote) {
        this.source = source;
        this.traceHigh = traceHigh;
        this.traceLow = traceLow;
        this.spanId = spanId;
        this.parentId = parentId;
        this.traceState = traceState;
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
        TraceState state = TraceStates.of(traceState).state();
        SpanContext parent = parentId == 0 ? SpanContext.getInvalid() : SpanContext.createFromRemoteParent(traceId,
                TraceParent.hex(parentId), TraceFlags.getSampled(), state);
        SpanContext context = SpanContext.create(traceId, TraceParent.hex(spanId), TraceFlags.getSampled(), state);
        StatusCode code = statusCode(server);
        out.add(new FinishedSpan(name(server, target), source.kind(), context, parent,
                code == StatusCode.UNSET ? StatusData.unset() : StatusData.create(code, answered ? "" : CLIENT_LEFT),
                clock.epochNanos(startNanos), clock.epochNanos(endNanos), attributes.build(), source.resource(),
                ProxySpans.SCOPE));
        Resource workerResource = workerSpan == null ? null : source.workerResource(serviceId);
        WorkerHeadSpan worker = workerResource == null ? null : WorkerHeadSpan.read(workerSpan);
        if (worker != null) {
            out.add(worker.toSpanData(context, method, RequestTarget.pathOf(forwarded), endNanos - workerHeadNanos,
                    workerResource));
        }
    }

    /**
     * Writes the span, and the worker's it carries, into {@code encoder}: the same spans as {@link #finish} makes, the
     * attributes in the order of their keys.
     */
    @Override
    public boolean encode(SpanPipeline.Clock clock, OtlpSpanEncoder encoder) {
        boolean server = source.kind() == SpanKind.SERVER;
        RequestTarget target = RequestTarget.of(asked, host, source.scheme());
        String state = TraceStates.of(traceState).encoded();
        ProtoWriter out = encoder.spans(source.resource(), ProxySpans.SCOPE);
        int mark = OtlpSpanEncoder.beginSpan(out, traceHigh, traceLow, spanId, state, parentId, name(server, target),
                server ? OtlpSpanEncoder.KIND_SERVER : OtlpSpanEncoder.KIND_CLIENT, clock.epochNanos(startNanos),
                clock.epochNanos(endNanos));
        int field = OtlpSpanEncoder.ATTRIBUTE;
        if (server && remote instanceof InetSocketAddress address && address.getAddress() != null) {
            out.stringAttribute(field, CLIENT_ADDRESS_KEY, address.getAddress().getHostAddress());
        }
        if (cacheId != null) {
            out.boolAttribute(field, CACHE_HIT_KEY, cacheHit);
            out.stringAttribute(field, CACHE_ID_KEY, cacheId);
        }
        out.stringAttribute(field, METHOD_KEY, method);
        if (answered) {
            out.longAttribute(field, STATUS_CODE_KEY, status);
        }
        if (caller != null) {
            out.stringAttribute(field, CALLER_ID_KEY, caller);
        }
        out.stringAttribute(field, SERVICE_ID_KEY, serviceId);
        out.stringAttribute(field, SERVER_ADDRESS_KEY, target.host());
        out.longAttribute(field, SERVER_PORT_KEY, target.port());
        out.stringAttribute(field, URL_FULL_KEY, target.full());
        if (server) {
            out.stringAttribute(field, URL_PATH_KEY, target.path());
            if (!target.query().isEmpty()) {
                out.stringAttribute(field, URL_QUERY_KEY, target.query());
            }
            out.stringAttribute(field, URL_SCHEME_KEY, target.scheme());
        }
        StatusCode code = statusCode(server);
        OtlpSpanEncoder.endSpan(out, mark, code == StatusCode.UNSET ? OtlpSpanEncoder.STATUS_UNSET
                : OtlpSpanEncoder.STATUS_ERROR, answered ? "" : CLIENT_LEFT, parentId != 0);
        Resource workerResource = workerSpan == null ? null : source.workerResource(serviceId);
        WorkerHeadSpan worker = workerResource == null ? null : WorkerHeadSpan.read(workerSpan);
        if (worker != null) {
            worker.encode(encoder, traceHigh, traceLow, spanId, state, method, RequestTarget.pathOf(forwarded),
                    endNanos - workerHeadNanos, workerResource);
        }
        return true;
    }

    private String name(boolean server, RequestTarget target) {
        return method + " " + (server ? target.path() : target.origin() + target.path());
    }

    /** ERROR when the client left before the answer, or for a 5xx answer (and a 4xx one to a mesh call). */
    private StatusCode statusCode(boolean server) {
        return !answered || status >= 500 || !server && status >= 400 ? StatusCode.ERROR : StatusCode.UNSET;
    }
}
