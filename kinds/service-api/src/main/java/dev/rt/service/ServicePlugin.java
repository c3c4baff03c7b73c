package dev.rt.service;

/**
 * A plugin of a {@code service} application: a class with a public no-argument constructor that registers routes,
 * hooks, an error handler or GraphQL resolvers on the service. rt finds plugins through the service configuration's
 * {@code plugins.paths} and {@code plugins.packages}, and calls {@link #register} once in every worker, in a fixed
 * order, before the worker serves its first request.
 *
 * <pre>{@code
 * public final class Movies implements ServicePlugin {
 *     public void register(ServiceContext service) {
 *         service.get("/movies/:id")
 *                 .params("{\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"integer\"}}}")
 *                 .handler(ctx -> ctx.json(new JsonObject().put("id", Validated.params(ctx).getInteger("id"))));
 *     }
 * }
 * }</pre>
 *
 * <p>A plugin that throws stops the start of the service: the worker exits and rt reports the plugin and the error.
 */
@FunctionalInterface
public interface ServicePlugin {

    /** Registers what the plugin offers. Runs on one thread, before the server listens. */
    void register(ServiceContext service) throws Exception;
}
