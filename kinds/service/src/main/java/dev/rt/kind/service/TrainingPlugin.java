package dev.rt.kind.service;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import dev.rt.service.Validated;
import io.vertx.core.json.JsonObject;

/**
 * The plugin of the kind's training configuration: a route answering {@code GET /} and one validating a JSON body,
 * so that a training worker loads what serving such routes loads.
 */
public final class TrainingPlugin implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        service.get("/").handler(context -> context.json(new JsonObject().put("hello", "world")));
        service.post("/echo").body("{\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"integer\"}}}")
                .handler(context -> context.json(Validated.body(context)));
    }
}
