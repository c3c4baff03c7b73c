package dev.rt.supervisor.telemetry;

import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.proxy.ExchangeTracing;
import dev.rt.supervisor.proxy.MeshProxy;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.IdGenerator;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Optional;
import java.util.Set;

/**
 * The supervisor's spans: one {@code SERVER} span per public request (the entrypoint), one {@code CLIENT} span per
 * call between services (the mesh), each a child of the request's W3C {@code traceparent} and passed on to the
 * worker as its new {@code traceparent}, so that one trace covers entrypoint, service and service. A SERVER span is
 * named {@code GET /path}, a CLIENT span {@code GET http://b.rt.local/path}. Mesh calls carry
 * {@code x-rt-telemetry-id: <serviceName>-<caller>}. An operation that {@code skip} names, or a call to a service
 * whose telemetry is off, gets no span, and its worker is told not to record the trace (an unsampled
 * {@code traceparent}): the sampling decision travels with the trace.
 */
final class ProxySpans implements ExchangeTracing {
    static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("http.response.status_code");
    static final String TELEMETRY_ID = "x-rt-telemetry-id";
    private static final W3CTraceContextPropagator PROPAGATOR = W3CTraceContextPropagator.getInstance();
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
    private static final String CACHE_ID_HEADER = "x-rt-http-cache-id";

    private final Tracer tracer;
    private final SpanKind kind;
    private final String scheme;
    private final TelemetryConfig telemetry;
    private final SkipRules skip;
    private final Set<String> untraced;

    /**
     * @param kind     {@code SERVER} for the entrypoint, {@code CLIENT} for the mesh
     * @param scheme   the scheme clients reach the server by ({@code https} for a public server with TLS)
     * @param untraced the services whose telemetry is off
     */
    ProxySpans(Tracer tracer, SpanKind kind, String scheme, TelemetryConfig telemetry, Set<String> untraced) {
        this.tracer = tracer;
        this.kind = kind;
        this.scheme = scheme;
        this.telemetry = telemetry;
        this.skip = new SkipRules(telemetry.skip());
        this.untraced = Set.copyOf(untraced);
    }

    @Override
    public Trace begin(HttpRequest request, String asked, String serviceId, Channel client) {
        HttpHeaders headers = request.headers();
        Optional<String> caller = kind == SpanKind.CLIENT ? MeshProxy.callerOf(client) : Optional.empty();
        caller.ifPresent(id -> headers.set(TELEMETRY_ID, telemetry.serviceName(id)));
        RequestTarget target = RequestTarget.of(asked, headers.get("host"), scheme);
        String method = request.method().name();
        Context parent = PROPAGATOR.extract(Context.root(), headers, HeaderCarrier.INSTANCE);
        if (untraced.contains(serviceId) || skip.skips(method, target.path())) {
            PROPAGATOR.inject(Context.root().with(Span.wrap(unsampled(parent))), headers, HeaderCarrier.INSTANCE);
            return Trace.NONE;
        }
        SpanBuilder builder = tracer.spanBuilder(method + " " + (kind == SpanKind.SERVER ? target.path()
                        : target.origin() + target.path()))
                .setSpanKind(kind).setParent(parent)
                .setAttribute(METHOD, method)
                .setAttribute(URL_FULL, target.full())
                .setAttribute(SERVER_ADDRESS, target.host())
                .setAttribute(SERVER_PORT, (long) target.port())
                .setAttribute(SERVICE_ID, serviceId);
        if (kind == SpanKind.SERVER) {
            builder.setAttribute(URL_PATH, target.path()).setAttribute(URL_SCHEME, target.scheme());
            if (!target.query().isEmpty()) {
                builder.setAttribute(URL_QUERY, target.query());
            }
            SocketAddress remote = client.remoteAddress();
            if (remote instanceof InetSocketAddress address && address.getAddress() != null) {
                builder.setAttribute(CLIENT_ADDRESS, address.getAddress().getHostAddress());
            }
        }
        caller.ifPresent(id -> builder.setAttribute(CALLER_ID, id));
        Span span = builder.startSpan();
        PROPAGATOR.inject(parent.with(span), headers, HeaderCarrier.INSTANCE);
        return span.isRecording() ? new SpanTrace(span, kind) : Trace.NONE;
    }

    /** The trace of {@code parent} marked as not sampled, or a new such trace when the request came without one. */
    private static SpanContext unsampled(Context parent) {
        SpanContext context = Span.fromContext(parent).getSpanContext();
        IdGenerator ids = IdGenerator.random();
        return context.isValid()
                ? SpanContext.create(context.getTraceId(), context.getSpanId(), TraceFlags.getDefault(),
                        context.getTraceState())
                : SpanContext.create(ids.generateTraceId(), ids.generateSpanId(), TraceFlags.getDefault(),
                        io.opentelemetry.api.trace.TraceState.getDefault());
    }

    /** The span of one exchange: its status from the response, its end with the exchange. */
    private static final class SpanTrace implements Trace {
        private final Span span;
        private final SpanKind kind;
        private boolean answered;

        SpanTrace(Span span, SpanKind kind) {
            this.span = span;
            this.kind = kind;
        }

        @Override
        public void response(HttpResponse head, boolean local) {
            answered = true;
            int status = head.status().code();
            span.setAttribute(STATUS_CODE, (long) status);
            String cacheId = head.headers().get(CACHE_ID_HEADER);
            if (cacheId != null) {
                span.setAttribute(CACHE_ID, cacheId);
                span.setAttribute(CACHE_HIT, local);
            }
            if (status >= 500 || kind == SpanKind.CLIENT && status >= 400) {
                span.setStatus(StatusCode.ERROR);
            }
        }

        @Override
        public void end() {
            if (!answered) {
                span.setStatus(StatusCode.ERROR, "the client went away before the answer");
            }
            span.end();
        }
    }
}
