package dev.rt.kind;

import dev.rt.kind.routing.ServerPolicy;

/**
 * What routes the public requests of a runtime whose entrypoint service is of this kind. It lives in the supervisor
 * from the moment the other services have started until the runtime stops.
 */
public interface EntrypointRouter extends AutoCloseable {

    /**
     * Publishes the first table through {@link RouterContext#publish} before it returns, and later ones whenever it
     * likes, from threads of its own. It may take its time (reading documents of other services); the runtime says
     * it is listening once this returns.
     *
     * @throws KindException when the configuration cannot be routed (two services claiming one path):
     *     the runtime does not start, and says so naming the service's configuration file
     */
    void start(RouterContext context);

    /**
     * The routing service's own {@code server} settings the public server applies to every request, routed or not;
     * asked once, before {@link #start} and before the public server listens.
     */
    default ServerPolicy serverPolicy() {
        return ServerPolicy.NONE;
    }

    /** Stops publishing; called once, when the runtime stops. */
    @Override
    void close();
}
