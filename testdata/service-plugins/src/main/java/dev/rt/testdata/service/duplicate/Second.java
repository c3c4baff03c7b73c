package dev.rt.testdata.service.duplicate;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;

/** Registers GET /same again. */
public final class Second implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        service.get("/same").handler(ctx -> ctx.end("second"));
    }
}
