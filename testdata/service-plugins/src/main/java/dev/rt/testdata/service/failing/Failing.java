package dev.rt.testdata.service.failing;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;

/** Throws while registering, as a plugin whose resource is missing would. */
public final class Failing implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        throw new IllegalStateException("the movies table is missing");
    }
}
