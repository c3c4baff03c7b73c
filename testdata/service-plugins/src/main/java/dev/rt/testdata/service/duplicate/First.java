package dev.rt.testdata.service.duplicate;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;

/** Registers GET /same, as does {@link Second}. */
public final class First implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        service.get("/same").handler(ctx -> ctx.end("first"));
    }
}
