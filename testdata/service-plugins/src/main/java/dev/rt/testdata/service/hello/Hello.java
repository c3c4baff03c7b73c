package dev.rt.testdata.service.hello;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import dev.rt.service.Validated;
import io.vertx.core.json.JsonObject;

/** The benchmark's routes: a hello, and a route that validates a JSON body. */
public final class Hello implements ServicePlugin {
    static final String PERSON = """
            {"type": "object", "required": ["name", "age"],
             "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 100},
                            "age": {"type": "integer", "minimum": 0, "maximum": 150},
                            "email": {"type": "string", "format": "email"},
                            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 10}}}""";

    @Override
    public void register(ServiceContext service) {
        service.get("/hello").handler(ctx -> ctx.json(new JsonObject().put("hello", "world")));
        service.post("/validate").body(PERSON).operationId("validatePerson")
                .handler(ctx -> ctx.json(new JsonObject().put("ok", true)
                        .put("name", Validated.bodyObject(ctx).getString("name"))));
    }
}
