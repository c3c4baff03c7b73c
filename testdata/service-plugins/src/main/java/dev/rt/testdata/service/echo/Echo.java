package dev.rt.testdata.service.echo;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.json.JsonObject;
import io.vertx.core.http.HttpServerRequest;

/**
 * What a service behind a gateway was sent: every path answers its service, method, URI and the host and forwarded
 * headers it got as JSON; {@code /go?to=X} redirects to X (default {@code /landing}); {@code /ws} echoes WebSocket
 * text messages as {@code echo: <text>}.
 */
public final class Echo implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        service.router().route("/ws").handler(ctx -> ctx.request().toWebSocket().onSuccess(socket ->
                socket.textMessageHandler(text -> socket.writeTextMessage("echo: " + text))));
        service.router().route("/go").handler(ctx -> ctx.response().setStatusCode(302)
                .putHeader("location", ctx.queryParams().contains("to") ? ctx.queryParams().get("to") : "/landing")
                .end());
        service.router().route().handler(ctx -> {
            HttpServerRequest request = ctx.request();
            ctx.response().putHeader("content-type", "application/json").end(new JsonObject()
                    .put("service", service.serviceId()).put("method", request.method().name()).put("uri", request.uri())
                    .put("host", request.getHeader("host")).put("forwardedHost", request.getHeader("x-forwarded-host"))
                    .put("forwardedProto", request.getHeader("x-forwarded-proto"))
                    .put("forwardedFor", request.getHeader("x-forwarded-for")).encode());
        });
    }
}
