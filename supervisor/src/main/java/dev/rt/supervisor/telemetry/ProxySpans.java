package dev.rt.supervisor.telemetry;

import dev.rt.config.TelemetryConfig;
import dev.rt.supervisor.proxy.MeshProxy;
import dev.rt.supervisor.proxy.exchange.ExchangeTracing;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.AsciiString;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The supervisor's spans: one {@code SERVER} span per public request (the entrypoint), one {@code CLIENT} span per
 * call between services (the mesh), each a child of the request's W3C {@code traceparent} and passed on to the
 * worker as its new {@code traceparent}, so that one trace covers entrypoint, service and service. A SERVER span is
 * named {@code GET /path}, a CLIENT span {@code GET http://b.rt.local/path}. Mesh calls carry
 * {@code x-rt-telemetry-id: <serviceName>-<caller>}. An operation that {@code skip} names, or a call to a service
 * whose telemetry is off, gets no span, and its worker is told not to record the trace (an unsampled
 * {@code traceparent}): the sampling decision travels with the trace. A trace that starts here is sampled with
 * probability {@code sampling}, decided from its trace id as OpenTelemetry's ratio sampler does; one that comes in
 * keeps its decision, and its {@code tracestate}, which its spans carry and the worker is sent as it came (a
 * {@code tracestate} without a valid {@code traceparent} is not sent on). The event loop records only ids, times and the raw request ({@link ProxySpan}); the rest is
 * the export thread's work ({@link SpanPipeline}).
 */
final class ProxySpans implements ExchangeTracing {
    static final InstrumentationScopeInfo SCOPE = InstrumentationScopeInfo.create("dev.rt.supervisor");
    static final AsciiString TELEMETRY_ID = AsciiString.cached("x-rt-telemetry-id");
    private static final AsciiString TRACESTATE = AsciiString.cached(TraceStates.HEADER);

    private final Consumer<SpanPipeline.Pending> ended;
    private final Resource resource;
    private final Function<String, Resource> workerResources;
    private final SpanKind kind;
    private final String scheme;
    private final SkipRules skip;
    private final Set<String> untraced;
    private final long sampledBelow;
    private final Map<String, String> telemetryIds = new ConcurrentHashMap<>();
    private final Function<String, String> telemetryId;

    /**
     * @param ended           where ended spans go: the {@link SpanPipeline}
     * @param resource        the supervisor's, which its spans are exported under
     * @param workerResources the resource of a service's spans; null when its workers record none
     * @param kind     {@code SERVER} for the entrypoint, {@code CLIENT} for the mesh
     * @param scheme   the scheme clients reach the server by ({@code https} for a public server with TLS)
     * @param untraced the services whose telemetry is off
     */
    ProxySpans(Consumer<SpanPipeline.Pending> ended, Resource resource, Function<String, Resource> workerResources, SpanKind kind,
            String scheme, TelemetryConfig telemetry, Set<String> untraced) {
        this.ended = ended;
        this.resource = resource;
        this.workerResources = workerResources;
        this.kind = kind;
        this.scheme = scheme;
        this.skip = new SkipRules(telemetry.skip());
        this.untraced = Set.copyOf(untraced);
        this.sampledBelow = bound(telemetry.sampling());
        this.telemetryId = telemetry::serviceName;
    }

    @Override
    public Trace begin(HttpRequest request, String asked, String serviceId, Channel client) {
        HttpHeaders headers = request.headers();
        String caller = kind == SpanKind.CLIENT ? MeshProxy.callerIdOf(client) : null;
        if (caller != null) {
            headers.set(TELEMETRY_ID, telemetryIds.computeIfAbsent(caller, telemetryId));
        }
        String method = request.method().name();
        String incoming = headers.get(TraceParent.HEADER);
        boolean continued = TraceParent.valid(incoming);
        String traceState = continued ? traceState(headers) : null;
        if (!continued) {
            headers.remove(TRACESTATE); // it belonged to a trace the worker does not continue
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long traceHigh = continued ? TraceParent.traceIdHigh(incoming) : random.nextLong();
        long traceLow = continued ? TraceParent.traceIdLow(incoming) : nonZero(random);
        if (untraced.contains(serviceId) || !skip.isEmpty() && skip.skips(method, RequestTarget.pathOf(asked))) {
            headers.set(TraceParent.HEADER, TraceParent.format(traceHigh, traceLow,
                    continued ? TraceParent.parentId(incoming) : nonZero(random), false));
            return Trace.NONE;
        }
        long spanId = nonZero(random);
        boolean sampled = continued ? TraceParent.sampled(incoming) : Math.abs(traceLow) < sampledBelow;
        headers.set(TraceParent.HEADER, TraceParent.format(traceHigh, traceLow, spanId, sampled));
        if (!sampled) {
            return Trace.NONE;
        }
        return new ProxySpan(this, traceHigh, traceLow, spanId, continued ? TraceParent.parentId(incoming) : 0,
                traceState, method, asked, request.uri(), headers.get(HttpHeaderNames.HOST), serviceId, caller,
                kind == SpanKind.SERVER ? client.remoteAddress() : null);
    }

    SpanKind kind() {
        return kind;
    }

    String scheme() {
        return scheme;
    }

    Resource resource() {
        return resource;
    }

    /** The resource of {@code serviceId}'s own spans; null when its workers record none. */
    Resource workerResource(String serviceId) {
        return workerResources.apply(serviceId);
    }

    void ended(ProxySpan span) {
        ended.accept(span);
    }

    /** The request's {@code tracestate}, its headers joined as one list; null when it has none. */
    private static String traceState(HttpHeaders headers) {
        String first = headers.get(TRACESTATE);
        if (first == null) {
            return null;
        }
        List<String> all = headers.getAll(TRACESTATE);
        return all.size() == 1 ? first : String.join(",", all);
    }

    /** The bound OpenTelemetry's ratio sampler compares a trace id's low 64 bits (made positive) against. */
    private static long bound(double ratio) {
        return ratio <= 0 ? Long.MIN_VALUE : ratio >= 1 ? Long.MAX_VALUE : (long) (ratio * Long.MAX_VALUE);
    }

    private static long nonZero(ThreadLocalRandom random) {
        long id;
        do {
            id = random.nextLong();
        } while (id == 0);
        return id;
    }
}
