package dev.rt.testdata.service.whoami;

import dev.rt.auth.User;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Answers who the caller is, as the service's authentication saw it: {@code GET /whoami}. */
public final class WhoAmI implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        service.get("/whoami").handler(ctx -> {
            User user = service.user(ctx);
            ctx.json(new JsonObject().put("roles", new JsonArray(user.roles()))
                    .put("id", user.id().orElse(null)).put("admin", user.isAdmin())
                    .put("username", user.field("preferred_username").map(Object::toString).orElse(null)));
        });
    }
}
