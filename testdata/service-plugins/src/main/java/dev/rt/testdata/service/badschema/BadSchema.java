package dev.rt.testdata.service.badschema;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;

/** A route whose body schema has a typo in a type name. */
public final class BadSchema implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        service.post("/things").body("{\"type\": \"object\", \"properties\": {\"name\": {\"type\": \"strin\"}}}")
                .handler(ctx -> ctx.end());
    }
}
