package dev.rt.supervisor;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.Kinds;
import dev.rt.kind.KindException;
import dev.rt.kind.EntrypointRouter;
import dev.rt.protocol.JsonValues;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;

/**
 * The router of an entrypoint service whose kind routes the public requests itself (a gateway): found when the
 * runtime starts, so that the public server applies its tables ({@link PublicRoutes}) and the service's own server
 * settings ({@link EntrypointRouter#serverPolicy()}); started once the other services have, closed when the runtime
 * stops. The supervisor knows only that a kind may route, not how.
 */
final class EntrypointRouting implements AutoCloseable {
    private final ServiceConfig service;
    private final EntrypointRouter router;
    private final PublicRoutes routes;

    private EntrypointRouting(ServiceConfig service, EntrypointRouter router) {
        this.service = service;
        this.router = router;
        this.routes = new PublicRoutes(service.id(), service.runsWorkers(), router.serverPolicy());
    }

    /** The entrypoint's router, when its kind offers one for its configuration. */
    static Optional<EntrypointRouting> of(RuntimeConfig config) {
        ServiceConfig entrypoint = config.service(config.entrypoint()).orElseThrow();
        return routerOf(entrypoint).map(router -> new EntrypointRouting(entrypoint, router));
    }

    /** The services other than the entrypoint whose kind would route, and so do nothing of that kind here. */
    static List<String> unused(RuntimeConfig config) {
        return config.services().stream().filter(s -> !s.id().equals(config.entrypoint()))
                .filter(s -> routerOf(s).isPresent()).map(ServiceConfig::id).toList();
    }

    private static Optional<EntrypointRouter> routerOf(ServiceConfig service) {
        return Kinds.installed().find(service.application().kind()).flatMap(installed -> installed.kind()
                .entrypointRouter(JsonValues.object(service.application().configuration())));
    }

    PublicRoutes routes() {
        return routes;
    }

    /**
     * Starts the router, which publishes its first table before this returns.
     *
     * @throws RtException {@code RT_CONFIG_INVALID} naming the service's configuration file when the router refuses
     */
    void start(RuntimeConfig config, InetSocketAddress mesh, RuntimeLog log, boolean development) {
        try {
            router.start(new SupervisorRouterContext(config, service, mesh, log, development, routes));
        } catch (KindException e) {
            throw new RtException(ErrorCode.CONFIG_INVALID, service.application().file() + ": "
                    + e.pointer().map(pointer -> pointer + ": ").orElse("") + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        router.close();
    }
}
