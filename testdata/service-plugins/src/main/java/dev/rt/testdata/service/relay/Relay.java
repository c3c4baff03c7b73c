package dev.rt.testdata.service.relay;

import dev.rt.service.ClientResponse;
import dev.rt.service.ServiceClient;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;

/**
 * Asks the "whoami" service who is calling, over the mesh: {@code GET /relay} on behalf of its own caller
 * ({@code client.as(request)}), {@code GET /relay/own} as itself.
 */
public final class Relay implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        ServiceClient whoami = service.client("whoami");
        service.get("/relay").handler(ctx -> answer(ctx, whoami.as(ctx).get("/whoami")));
        service.get("/relay/own").handler(ctx -> answer(ctx, whoami.get("/whoami")));
    }

    private static void answer(RoutingContext ctx, Future<ClientResponse> call) {
        call.onComplete(result -> {
            if (result.failed()) {
                ctx.fail(result.cause());
                return;
            }
            ctx.response().setStatusCode(result.result().statusCode())
                    .putHeader("content-type", "application/json").end(result.result().body());
        });
    }
}
