/**
 * A service's plugins: finding them ({@code plugins.paths}, folders scanned, {@code plugins.packages},
 * {@code META-INF/services}), loading them and {@code server.errorHandler}, and letting each register through a
 * {@code ServiceContext} of its own. What a plugin reads is fixed before the first registers
 * ({@link dev.rt.kind.service.plugin.PluginEnvironment}); what it defines goes to the service's
 * {@link dev.rt.kind.service.plugin.Registrations}, sealed into {@link dev.rt.kind.service.plugin.Registered} once the
 * last has registered, which nothing changes after. It hands over routes, GraphQL parts, hooks and health checks; it
 * must not know how they are mounted, the router or the server.
 */
package dev.rt.kind.service.plugin;
