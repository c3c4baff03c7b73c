package dev.rt.kind.service.plugin;

import dev.rt.service.ServicePlugin;
import java.util.Objects;

/** A plugin of the kind itself ({@code ServiceHost.plugin}): registered before the configured ones, at the root. */
public record BuiltInPlugin(String name, ServicePlugin plugin) {
    public BuiltInPlugin {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(plugin, "plugin");
    }
}
