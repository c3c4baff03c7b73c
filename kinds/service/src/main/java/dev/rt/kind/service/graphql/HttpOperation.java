package dev.rt.kind.service.graphql;

import dev.rt.service.HttpError;
import graphql.language.OperationDefinition.Operation;
import io.vertx.core.http.HttpMethod;
import java.util.Optional;

/**
 * What one request over HTTP lets its operation do, and the refusal when the operation asked for more: a mutation
 * sent with GET is a 405 with {@code Allow: POST} (GET is a safe method: a link, an image, a prefetch or another
 * site's page must not write through it), a subscription over plain HTTP a 400 (it needs a WebSocket). Kept in the
 * execution's {@code GraphQLContext}, where {@link OperationGuard} finds it.
 */
final class HttpOperation {
    static final String MUTATION_OVER_GET = "RT_GRAPHQL_MUTATION_OVER_GET";
    static final String SUBSCRIPTION_OVER_HTTP = "RT_GRAPHQL_SUBSCRIPTION_OVER_HTTP";

    private final HttpMethod method;
    private volatile HttpError refusal;

    HttpOperation(HttpMethod method) {
        this.method = method;
    }

    /** Whether {@code operation} may run; when not, the refusal is kept for the answer. */
    boolean admits(Operation operation) {
        if (operation == Operation.MUTATION && method == HttpMethod.GET) {
            refusal = new HttpError(405, MUTATION_OVER_GET, "a mutation is not run from a GET request, which must"
                    + " not change anything; send it with POST");
        } else if (operation == Operation.SUBSCRIPTION) {
            refusal = new HttpError(400, SUBSCRIPTION_OVER_HTTP, "a subscription is not served over plain HTTP;"
                    + " subscribe over a WebSocket at this URL (subprotocol graphql-transport-ws)");
        }
        return refusal == null;
    }

    Optional<HttpError> refusal() {
        return Optional.ofNullable(refusal);
    }
}
