package {{package}};

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.json.JsonObject;

/**
 * The sample plugin: {@code GET /hello} answers {@code {"message": "<greeting> from {{id}}"}}, the greeting coming
 * from the plugin's options in rt.json (there, from the GREETING variable of .env).
 */
public final class HelloPlugin implements ServicePlugin {
    private static final String MESSAGE = """
            {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}}""";

    @Override
    public void register(ServiceContext service) {
        String configured = new JsonObject(service.options()).getString("greeting", "");
        String greeting = configured.isBlank() ? "Hello" : configured;
        service.get("/hello")
                .operationId("getHello")
                .summary("A greeting")
                .response(200, MESSAGE)
                .handler(ctx -> ctx.json(new JsonObject().put("message", greeting + " from " + service.serviceId())));
    }
}
