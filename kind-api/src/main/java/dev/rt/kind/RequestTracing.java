package dev.rt.kind;

/**
 * The spans of the requests a kind serves. When the service is traced, rt records a span for every request that
 * arrives with a sampled W3C {@code traceparent} (the supervisor sends one with every request it forwards) and
 * exports it under the service's name with the runtime's exporters; otherwise every span is {@link KindSpan#NONE}
 * and costs nothing.
 */
public interface RequestTracing {
    /** A service that is not traced. */
    RequestTracing OFF = (traceparent, method, path) -> KindSpan.NONE;

    /**
     * Starts the SERVER span of a request, named {@code <method> <path>} until {@link KindSpan#route} names it.
     *
     * @param traceparent the request's {@code traceparent} header, or {@code null} when it has none (no span)
     * @param path        the request's path, without its query
     */
    KindSpan serverSpan(String traceparent, String method, String path);
}
