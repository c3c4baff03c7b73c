package dev.rt.service;

import dev.rt.auth.User;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The caller of one request, kept in its {@link RoutingContext}: the service kind's authentication sets it before
 * any route, hook or GraphQL resolver runs (from the {@code authorization} section, or the identity the runtime
 * forwarded), and everything that serves the request reads it here: plugins through
 * {@link ServiceContext#user(RoutingContext)}, the db kind's rules directly.
 */
public final class RequestUser {
    private static final String KEY = "rt.auth.user";
    private static final User ANONYMOUS = new User(List.of(User.ANONYMOUS_ROLE),
            Map.of(User.ROLE, User.ANONYMOUS_ROLE));

    private RequestUser() {
    }

    /**
     * The request's caller; the anonymous role when no authentication ran for it (a service without an
     * {@code authorization} section and no forwarded identity).
     */
    public static User of(RoutingContext request) {
        User user = request.get(KEY);
        return user == null ? ANONYMOUS : user;
    }

    /** Records the request's caller: the kind's authentication does, once per request. */
    public static void set(RoutingContext request, User user) {
        request.put(KEY, Objects.requireNonNull(user));
    }
}
