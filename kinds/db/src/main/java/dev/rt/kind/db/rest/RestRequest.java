package dev.rt.kind.db.rest;

import dev.rt.kind.db.sql.Access;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A request to one of the generated routes, as any HTTP server can give it.
 *
 * @param pathParams the route's parameters by name ({@code id} of {@code /movies/:id}), as sent
 * @param query      the query string's parameters in the order sent, each with its values in order, decoded
 * @param body       the JSON body parsed into JDK values ({@code Map}, {@code List}, {@code String}, numbers,
 *                   {@code Boolean}, {@code null}); empty when there is none
 * @param access     what the caller may do ({@code authorization.rules} applied to its user), every right for a
 *                   service without rules
 */
public record RestRequest(Map<String, String> pathParams, Map<String, List<String>> query, Optional<Object> body,
        Access access) {
    public RestRequest {
        pathParams = Map.copyOf(pathParams);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        query.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        query = java.util.Collections.unmodifiableMap(copy);
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(access, "access");
    }

    /** A request with every right. */
    public RestRequest(Map<String, String> pathParams, Map<String, List<String>> query, Optional<Object> body) {
        this(pathParams, query, body, Access.SYSTEM);
    }

    public static RestRequest of(Map<String, String> pathParams, Map<String, List<String>> query) {
        return new RestRequest(pathParams, query, Optional.empty());
    }
}
