package dev.rt.testdata.service.caller;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.json.JsonObject;

/** Calls the "movies" service through its client (over the mesh) and passes on what it said. */
public final class Caller implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        var movies = service.client("movies");
        service.get("/call").handler(ctx -> movies.get("/greeting").onComplete(result -> {
            if (result.failed()) {
                ctx.fail(result.cause());
                return;
            }
            ctx.json(new JsonObject().put("status", result.result().statusCode())
                    .put("from", result.result().json()).put("via", movies.url()));
        }));
    }
}
