package dev.rt.kind.service.plugin;

import dev.rt.service.ServicePlugin;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Registers the plugins of a service, one at a time and in order: the kind's own first (each at the root,
 * encapsulated), then those {@code plugins.paths} and {@code plugins.packages} name (see {@link PluginLocator}). Each
 * plugin gets a {@link PluginScope} of its own over the service's environment and registrations.
 */
public final class PluginRegistration {
    private final PluginEnvironment environment;
    private final Registrations registrations;
    private final ClassLoader classLoader;
    private final PluginLoader loader;

    /**
     * @param classLoader where plugin and error handler classes are found
     * @param timeout     how long each plugin may take to register ({@code server.pluginTimeout}; zero: no limit)
     */
    public PluginRegistration(PluginEnvironment environment, Registrations registrations, ClassLoader classLoader,
            Duration timeout) {
        this.environment = environment;
        this.registrations = registrations;
        this.classLoader = classLoader;
        this.loader = new PluginLoader(classLoader, timeout);
    }

    /** {@code server.errorHandler}: loads it as the service's error handler, which plugins may replace. */
    public void serviceErrorHandler(String setting) {
        registrations.serviceHooks().errorHandler(ErrorHandlerLoader.load(environment.directory(), setting,
                classLoader));
    }

    /** @param plugins the configuration's {@code plugins} section */
    public void registerAll(List<BuiltInPlugin> builtIns, Map<String, Object> plugins) {
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
