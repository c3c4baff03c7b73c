package dev.rt.kind.service.route;

import dev.rt.kind.service.error.ErrorDispatch;
import dev.rt.kind.service.http.RequestSpans;
import dev.rt.kind.service.http.ServerSettings;
import dev.rt.service.ErrorHandler;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * The first handler of every plugin route: refuses what the router matched too leniently for the service's settings
 * (a trailing slash the route does not have, unless {@code ignoreTrailingSlash}; a path parameter longer than
 * {@code maxParamLength}) as an unknown route, puts the route's error handler in scope and names the request's span.
 */
final class RouteEntry implements Handler<RoutingContext> {
    private final RouteRecord route;
    private final boolean strictSlash;
    private final int maxParamLength;
    private final ErrorHandler errorHandler;

    RouteEntry(ScopedRoute scoped, ServerSettings settings) {
        this.route = scoped.route();
        this.strictSlash = !settings.ignoreTrailingSlash() && !route.path().endsWith("/");
        this.maxParamLength = settings.maxParamLength();
        this.errorHandler = scoped.errorHandler().orElse(null);
    }

    @Override
    public void handle(RoutingContext context) {
        String path = context.request().path();
        if (strictSlash && path.length() > 1 && path.endsWith("/")) {
            context.fail(404);
            return;
        }
        if (route.path().indexOf(':') >= 0) {
            for (String value : context.pathParams().values()) {
                if (value.length() > maxParamLength) {
                    context.fail(404);
                    return;
                }
            }
        }
        if (errorHandler != null) {
            context.put(ErrorDispatch.SCOPE_HANDLER, errorHandler);
        }
        RequestSpans.of(context).route(route.path());
        context.next();
    }
}
