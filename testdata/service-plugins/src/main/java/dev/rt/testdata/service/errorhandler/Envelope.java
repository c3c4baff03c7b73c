package dev.rt.testdata.service.errorhandler;

import dev.rt.service.ErrorHandler;
import dev.rt.service.Failure;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** The envelope the recommendation describes: statusCode, code, and a generic message for 5xx. */
public final class Envelope implements ErrorHandler {
    @Override
    public void handle(RoutingContext context, Failure failure) {
        context.response().setStatusCode(failure.statusCode()).putHeader("content-type", "application/json")
                .end(new JsonObject().put("statusCode", failure.statusCode())
                        .put("code", failure.code().orElse("E_" + failure.statusCode()))
                        .put("message", failure.statusCode() >= 500 ? "Something went wrong" : failure.message())
                        .encode());
    }
}
