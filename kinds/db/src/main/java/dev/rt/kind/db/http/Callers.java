package dev.rt.kind.db.http;

import dev.rt.kind.db.authz.Rulebook;
import dev.rt.kind.db.graphql.CallerAccess;
import dev.rt.kind.db.sql.Access;
import dev.rt.service.RequestUser;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/**
 * The access of a request's caller: every right in a service without {@code authorization}; else the rules applied to
 * the user the service's authentication left in the request's context, or to the anonymous role when none did (a
 * request that no authentication saw is never trusted more than one without credentials).
 */
final class Callers {
    private final Optional<Rulebook> rules;

    Callers(Optional<Rulebook> rules) {
        this.rules = rules;
    }

    /**
     * The access of a GraphQL execution's caller, from the request in its context: the HTTP request, or the WebSocket
     * upgrade of a subscription; the anonymous role's when it holds neither.
     */
    CallerAccess graphQl() {
        return context -> {
            RoutingContext request = context.get(RoutingContext.class);
            if (request != null) {
                return of(request);
            }
            return rules.<Access>map(Rulebook::anonymous).orElse(Access.SYSTEM);
        };
    }

    Access of(RoutingContext request) {
        if (rules.isEmpty()) {
            return Access.SYSTEM;
        }
        return rules.get().access(RequestUser.of(request)); // the anonymous role when nothing authenticated it
    }
}
