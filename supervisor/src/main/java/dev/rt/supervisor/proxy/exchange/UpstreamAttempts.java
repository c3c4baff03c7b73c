package dev.rt.supervisor.proxy.exchange;

import dev.rt.supervisor.proxy.route.ProxyError;
import dev.rt.supervisor.proxy.route.RouteTarget;
import dev.rt.supervisor.proxy.route.Upstream;
import dev.rt.supervisor.proxy.route.UpstreamSelector;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The workers one request may go to: the service's next worker in round-robin order and, each time one
 * fails before any byte of the request reached it, another started worker whose address was not tried yet
 * (the next in the rotation when it is untried, else the first untried one; other connections move the
 * rotation too), until every started worker was tried. One instance serves a client connection, request
 * after request.
 */
final class UpstreamAttempts {
    /** How a worker failed a request. */
    enum Failure {
        REFUSED("refused the connection"),
        CLOSED("closed the connection without an HTTP response"),
        NOT_HTTP("answered with bytes that are not HTTP");

        private final String description;

        Failure(String description) {
            this.description = description;
        }
    }

    private final UpstreamSelector upstreams;
    // no initial capacity: their arrays come with the first failure, not with every exchange (one per h2 stream)
    private final List<Upstream> tried = new ArrayList<>();
    private final List<Failure> failures = new ArrayList<>();
    private String serviceId;
    private Upstream current;
    private boolean fixed;
    private boolean workerHost;

    UpstreamAttempts(UpstreamSelector upstreams) {
        this.upstreams = upstreams;
    }

    /** Starts over for a request to {@code target}; false when it is a service with no started worker. */
    boolean first(RouteTarget target) {
        this.serviceId = target.serviceId();
        tried.clear();
        failures.clear();
        fixed = target.fixed().isPresent();
        workerHost = target.workerHost();
        current = fixed ? target.fixed().get() : upstreams.next(serviceId).orElse(null);
        return current != null;
    }

    /** Records that the current worker refused the connection; false when no untried worker is left. */
    boolean next() {
        return next(Failure.REFUSED);
    }

    /** Records that the current worker failed; false when no untried worker is left. */
    boolean next(Failure failure) {
        tried.add(current);
        failures.add(failure);
        if (fixed) {
            return false;
        }
        Optional<Upstream> candidate = upstreams.next(serviceId).filter(this::untried)
                .or(() -> upstreams.started(serviceId).stream().filter(this::untried).findFirst());
        candidate.ifPresent(untried -> current = untried);
        return candidate.isPresent();
    }

    private boolean untried(Upstream upstream) {
        for (Upstream done : tried) {
            if (done.address().equals(upstream.address())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a request whose worker closed the connection before answering may go to a worker again: only
     * when none of its body was sent and its method is safe, since the worker may have acted on it already.
     */
    static boolean replayable(HttpMethod method) {
        return HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)
                || HttpMethod.OPTIONS.equals(method) || HttpMethod.TRACE.equals(method);
    }

    /**
     * Sets the {@code Host} of {@code request} to the current worker's address when the target asks for it;
     * called before each attempt, so that a request retried on another worker names that one.
     */
    void addressHost(HttpRequest request) {
        if (workerHost) {
            request.headers().set(HttpHeaderNames.HOST, current.authority());
        }
    }

    Upstream current() {
        return current;
    }

    String serviceId() {
        return serviceId;
    }

    /** The answer when {@link #first} found no worker: the service is unknown, or has none started. */
    ProxyError noWorker() {
        List<String> ids = upstreams.serviceIds();
        return ids.contains(serviceId) ? ProxyError.serviceUnavailable(serviceId)
                : ProxyError.serviceNotFound(serviceId, ids);
    }

    /**
     * The answer when {@link #next} found no worker left: none took the connection, or one took it and did not
     * answer HTTP (a port that is not the application's HTTP port), which the message says.
     */
    ProxyError unreachable() {
        if (failures.stream().allMatch(failure -> failure == Failure.REFUSED)) {
            return ProxyError.upstreamUnreachable(serviceId,
                    tried.stream().map(Upstream::label).collect(Collectors.joining(", ")));
        }
        StringBuilder what = new StringBuilder();
        for (int i = 0; i < tried.size(); i++) {
            what.append(i == 0 ? "" : "; ").append(tried.get(i).label()).append(" on port ")
                    .append(tried.get(i).address().getPort()).append(' ').append(failures.get(i).description);
        }
        return ProxyError.upstreamNotHttp(serviceId, what.toString());
    }
}
