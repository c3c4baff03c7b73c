package dev.rt.supervisor.proxy.route;

import dev.rt.kind.routing.ResponseBodyRewrite;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where one request goes: the started workers of a service, or one fixed address outside the runtime; whether its
 * {@code Host} becomes the address of the worker it is sent to; when an interceptor asks for it, the
 * {@code Authorization} value to set first; what is rewritten in the response head ({@code Location} through a
 * routing table's prefix) and, for a few operations, in its body. Or nowhere: a route that answers the request itself.
 */
public final class RouteTarget {
    /** Rewrites a response head before it goes to the client, knowing the request as it was sent upstream. */
    @FunctionalInterface
    interface ResponseRewrite {
        void rewrite(HttpResponse response, HttpRequest request);
    }

    private final String serviceId;
    private final Upstream fixed;
    private final boolean workerHost;
    private final CompletableFuture<String> authorization;
    private final ResponseRewrite rewrite;
    private final ProxyAnswer answer;
    private final ResponseBodyRewrite bodyRewrite;

    private RouteTarget(String serviceId, Upstream fixed, boolean workerHost, CompletableFuture<String> authorization,
            ResponseRewrite rewrite, ProxyAnswer answer) {
        this(serviceId, fixed, workerHost, authorization, rewrite, answer, null);
    }

    private RouteTarget(String serviceId, Upstream fixed, boolean workerHost, CompletableFuture<String> authorization,
            ResponseRewrite rewrite, ProxyAnswer answer, ResponseBodyRewrite bodyRewrite) {
        this.serviceId = serviceId;
        this.fixed = fixed;
        this.workerHost = workerHost;
        this.authorization = authorization;
        this.rewrite = rewrite;
        this.answer = answer;
        this.bodyRewrite = bodyRewrite;
    }

    /** The workers of {@code serviceId}, the request's {@code Host} left as the route set it. */
    public static RouteTarget service(String serviceId) {
        return new RouteTarget(serviceId, null, false, null, null, null);
    }

    /** The workers of {@code serviceId}, each sent the request with its own address as the {@code Host}. */
    static RouteTarget serviceWithWorkerHost(String serviceId) {
        return new RouteTarget(serviceId, null, true, null, null, null);
    }

    /** One address outside the runtime, named {@code origin} in errors. */
    public static RouteTarget origin(Upstream origin) {
        return new RouteTarget(origin.serviceId(), origin, false, null, null, null);
    }

    /** No upstream: the request is answered with {@code answer}. */
    public static RouteTarget answer(String serviceId, ProxyAnswer answer) {
        return new RouteTarget(serviceId, null, false, null, null, answer);
    }

    /** The same target, with {@code Authorization} set to the value the future completes with. */
    RouteTarget authorizedBy(CompletableFuture<String> value) {
        return new RouteTarget(serviceId, fixed, workerHost, value, rewrite, answer, bodyRewrite);
    }

    /** The same target, its response heads rewritten by {@code responseRewrite}. */
    RouteTarget rewritingResponses(ResponseRewrite responseRewrite) {
        return new RouteTarget(serviceId, fixed, workerHost, authorization, responseRewrite, answer, bodyRewrite);
    }

    /** The same target, the bodies of its responses held back and rewritten whole when {@code rewrite} takes them. */
    public RouteTarget rewritingBodies(ResponseBodyRewrite rewrite) {
        return new RouteTarget(serviceId, fixed, workerHost, authorization, this.rewrite, answer, rewrite);
    }

    /** What changes the bodies of its responses; null for most targets, whose responses stream through. */
    public ResponseBodyRewrite bodyRewrite() {
        return bodyRewrite;
    }

    public String serviceId() {
        return serviceId;
    }

    public Optional<Upstream> fixed() {
        return Optional.ofNullable(fixed);
    }

    /** Whether the request's {@code Host} becomes {@link Upstream#authority()} of the worker it goes to. */
    public boolean workerHost() {
        return workerHost;
    }

    public Optional<CompletableFuture<String>> authorization() {
        return Optional.ofNullable(authorization);
    }

    /** The answer of a route that answers itself; null for a target that sends the request on. */
    public ProxyAnswer answer() {
        return answer;
    }

    /** Rewrites the final response head of a request sent to this target (nothing, for most targets). */
    public void rewriteResponse(HttpResponse response, HttpRequest request) {
        if (rewrite != null) {
            rewrite.rewrite(response, request);
        }
    }
}
