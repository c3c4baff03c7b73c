package dev.rt.supervisor;

import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.cache.InvalidationServer;
import dev.rt.supervisor.limit.PublicLimits;
import dev.rt.supervisor.listen.DirectEntrypoint;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.EntrypointServer;
import dev.rt.supervisor.proxy.MeshProxy;
import dev.rt.supervisor.proxy.exchange.ExchangeHooks;
import dev.rt.supervisor.proxy.exchange.RequestObserver;
import dev.rt.supervisor.proxy.route.PublicRoutes;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.telemetry.Tracing;
import dev.rt.supervisor.worker.WorkerRegistry;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The runtime's proxy servers, bound before any worker starts (a port in use fails first): the mesh, on a port of
 * its own and on one per service that the workers of that service use (so that the mesh knows who calls), and the
 * public entrypoint (or, with {@code server.entrypointMode: "direct"}, the public socket its workers accept on,
 * {@link DirectEntrypoint}, which the entrypoint's close closes); with tracing around both when the runtime has
 * {@code telemetry}, and the HTTP cache in the mesh when it has {@code httpCache}. Closing closes the mesh and
 * then the cache and the tracing, whose last spans are exported; the entrypoint drains as {@link Supervisor#stop()} says.
 */
final class RuntimeProxies implements AutoCloseable {
    private final List<AutoCloseable> opened;
    private final MeshProxy mesh;
    private final InetSocketAddress meshAddress;
    private final Map<String, Integer> servicePorts;
    private final EntrypointServer entrypoint;
    private final InetSocketAddress entrypointAddress;
    private final Optional<Tracing> tracing;
    private final Optional<HttpCache> cache;
    private final Optional<DirectEntrypoint> direct;

    private RuntimeProxies(List<AutoCloseable> opened, MeshProxy mesh, InetSocketAddress meshAddress,
            Map<String, Integer> servicePorts,
            EntrypointServer entrypoint, InetSocketAddress entrypointAddress, Optional<Tracing> tracing,
            Optional<HttpCache> cache, Optional<DirectEntrypoint> direct) {
        this.opened = opened;
        this.mesh = mesh;
        this.meshAddress = meshAddress;
        this.servicePorts = Map.copyOf(servicePorts);
        this.entrypoint = entrypoint;
        this.entrypointAddress = entrypointAddress;
        this.tracing = tracing;
        this.cache = cache;
        this.direct = direct;
    }

    /**
     * Binds the mesh and the entrypoint of {@code config} (with a kind's {@code routes} before the entrypoint
     * service's workers); on failure closes what it had opened and throws.
     *
     * @param directory the runtime's private directory, where a direct entrypoint's handout socket goes
     */
    static RuntimeProxies bind(RuntimeConfig config, ProxyEventLoops loops, WorkerRegistry registry,
            RequestObserver observer, RuntimeLog log, Optional<PublicRoutes> routes, Path directory) {
        List<AutoCloseable> opened = new ArrayList<>();
        try {
            Optional<Tracing> tracing = Tracing.of(config, log);
            tracing.ifPresent(opened::add);
            Optional<HttpCache> cache = HttpCache.of(config.sections().httpCache(), config.root(), log);
            cache.ifPresent(opened::add);
            Optional<InvalidationServer> invalidation = cache.map(c -> InvalidationServer.start(loops, c));
            invalidation.ifPresent(opened::add);
            MeshProxy mesh = MeshProxy.of(loops, registry, config, observer,
                    ExchangeHooks.of(tracing.map(Tracing::mesh), cache.map(c -> c)),
                    invalidation.map(InvalidationServer::address));
            opened.add(0, mesh);
            InetSocketAddress meshAddress = mesh.bind();
            Map<String, Integer> servicePorts = new HashMap<>();
            for (ServiceConfig service : config.services()) {
                servicePorts.put(service.id(), mesh.bindFor(service.id()));
            }
            String scheme = config.server().https().isPresent() ? "https" : "http";
            PublicLimits limits = PublicLimits.of(config, log);
            opened.add(limits);
            EntrypointServer entrypoint = EntrypointServer.of(loops, registry, config, observer, routes,
                    ExchangeHooks.of(tracing.map(t -> t.entrypoint(scheme)), Optional.empty()), limits);
            opened.add(0, entrypoint);
            entrypoint.tlsEngine().ifPresent(engine -> log.info("TLS of the public server by " + engine));
            Optional<DirectEntrypoint> direct = DirectEntrypoint.of(config, tracing.isPresent(), routes.isPresent(),
                    directory, log::info);
            direct.ifPresent(socket -> opened.add(0, socket));
            InetSocketAddress bound = direct.isPresent()
                    ? direct.get().bind(config.server().hostname(), config.server().port())
                    : entrypoint.bind(config.server().hostname(), config.server().port());
            direct.ifPresent(socket -> {
                entrypoint.closingAlso(socket);
                log.info("The entrypoint's workers accept on " + bound + " themselves (server.entrypointMode: direct)");
            });
            opened.remove(entrypoint); // from now on the supervisor drains and closes it
            return new RuntimeProxies(opened, mesh, meshAddress, servicePorts, entrypoint, bound, tracing, cache,
                    direct);
        } catch (RuntimeException e) {
            closeAll(opened);
            throw e;
        }
    }

    MeshProxy mesh() {
        return mesh;
    }

    /** The mesh's own port (the management API's inject, the supervisor's own calls). */
    int meshPort() {
        return meshAddress.getPort();
    }

    /** The mesh's own address. */
    InetSocketAddress meshAddress() {
        return meshAddress;
    }

    /** The mesh port the workers of {@code serviceId} use. */
    int meshPortOf(String serviceId) {
        Integer port = servicePorts.get(serviceId);
        return port == null ? meshAddress.getPort() : port;
    }

    EntrypointServer entrypoint() {
        return entrypoint;
    }

    InetSocketAddress entrypointAddress() {
        return entrypointAddress;
    }

    Optional<Tracing> tracing() {
        return tracing;
    }

    Optional<HttpCache> cache() {
        return cache;
    }

    /** The public socket the entrypoint's workers accept on, with {@code server.entrypointMode: "direct"}. */
    Optional<DirectEntrypoint> direct() {
        return direct;
    }

    @Override
    public void close() {
        closeAll(opened);
    }

    private static void closeAll(List<AutoCloseable> opened) {
        for (AutoCloseable closeable : opened) {
            try {
                closeable.close();
            } catch (Exception e) {
                // closing regardless
            }
        }
    }
}
