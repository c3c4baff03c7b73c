package dev.rt.kind.db.rest;

import java.util.Objects;
import java.util.Optional;

/**
 * One generated route: its method, its path in router syntax ({@code /movies/:id}) and OpenAPI syntax
 * ({@code /movies/{id}}), its operation id when it has one, and its handler, which never throws: every failure is a
 * response with an error body.
 */
public record RestRoute(String method, String path, String openApiPath, Optional<String> operationId, Handler handler) {

    /** Serves a request; blocking (it runs SQL), so it belongs on a worker thread, not an event loop. */
    @FunctionalInterface
    public interface Handler {
        RestResponse handle(RestRequest request);
    }

    public RestRoute {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(openApiPath, "openApiPath");
        Objects.requireNonNull(operationId, "operationId");
        Objects.requireNonNull(handler, "handler");
    }
}
