package dev.rt.kind.service;

import dev.rt.service.ServicePlugin;
import java.util.List;
import java.util.Map;

/**
 * Registers the plugins of a service, one at a time and in order: the kind's own first (each at the root,
 * encapsulated), then those {@code plugins.paths} and {@code plugins.packages} name (see {@link PluginLocator}). Each
 * plugin gets a {@link PluginScope} of its own over the service's environment and registrations.
 */
final class PluginRegistration {
    private final PluginEnvironment environment;
    private final Registrations registrations;
    private final PluginLoader loader;

    PluginRegistration(PluginEnvironment environment, Registrations registrations, PluginLoader loader) {
        this.environment = environment;
        this.registrations = registrations;
        this.loader = loader;
    }

    /** @param plugins the configuration's {@code plugins} section */
    void registerAll(List<BuiltInPlugin> builtIns, Map<String, Object> plugins) {
        for (BuiltInPlugin builtIn : builtIns) {
            PluginScope scope = new PluginScope(environment, registrations, builtIn.name(), "", "{}", true);
            registrations.scope(scope);
            loader.register("/" + builtIn.name(), builtIn.name(), builtIn.plugin(), scope);
        }
        for (PluginLibrary library : new PluginLocator(environment.directory()).locate(plugins)) {
            for (String className : library.classNames()) {
                ServicePlugin plugin = loader.instantiate(library.pointer(), className);
                PluginScope scope = new PluginScope(environment, registrations, className, library.prefix(),
                        library.options(), library.encapsulate());
                registrations.scope(scope);
                loader.register(library.pointer(), className, plugin, scope);
            }
        }
    }
}
