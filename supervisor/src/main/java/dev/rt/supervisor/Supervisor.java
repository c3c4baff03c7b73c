package dev.rt.supervisor;

import dev.rt.protocol.RtException;
import dev.rt.supervisor.agent.AgentServer;
import dev.rt.supervisor.config.RuntimeConfig;
import dev.rt.supervisor.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.process.AgentJar;
import dev.rt.supervisor.process.RuntimeDirectory;
import dev.rt.supervisor.process.WorkerCommand;
import dev.rt.supervisor.proxy.EntrypointServer;
import dev.rt.supervisor.proxy.MeshProxy;
import dev.rt.supervisor.proxy.ProxyEventLoops;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one runtime: binds the entrypoint and the mesh, starts every service's workers in configuration order,
 * and stops them in reverse, the entrypoint first. It only orchestrates; workers live in
 * {@link WorkerLifecycle}, requests in the proxy package.
 */
public final class Supervisor implements AutoCloseable {
    private final RuntimeConfig config;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private WorkerRegistry registry;
    private WorkerLifecycle lifecycle;
    private EntrypointServer entrypoint;
    private InetSocketAddress entrypointAddress;
    private boolean stopped;

    public Supervisor(RuntimeConfig config, RuntimeLog log, Map<String, String> realEnv) {
        this.config = config;
        this.log = log;
        this.realEnv = Map.copyOf(realEnv);
    }

    /**
     * Starts everything and returns the entrypoint's address. On any failure everything already started is
     * stopped (no worker JVM is left behind) and the error is thrown.
     */
    public InetSocketAddress start() {
        try {
            RuntimeDirectory directory = remember(RuntimeDirectory.create());
            ProxyEventLoops loops = remember(new ProxyEventLoops());
            registry = new WorkerRegistry(config.serviceIds());
            MeshProxy mesh = remember(new MeshProxy(loops, registry, config.serviceTimeout()));
            int meshPort = mesh.bind().getPort();
            entrypoint = new EntrypointServer(loops, registry, config.entrypoint());
            entrypointAddress = entrypoint.bind(config.server().hostname(), config.server().port());
            WorkerCommand command = new WorkerCommand(WorkerCommand.currentJava(), AgentJar.locate(RtVersion.get()),
                    directory.agentSocket(), config.root());
            lifecycle = new WorkerLifecycle(config, command, registry, log, realEnv, meshPort);
            remember(AgentServer.start(directory.agentSocket(), lifecycle, log));
            for (ServiceConfig service : config.services()) {
                startService(service);
            }
            log.info("rt is now listening at " + url());
            return entrypointAddress;
        } catch (RuntimeException e) {
            abortStart();
            throw e;
        }
    }

    public String url() {
        return "http://" + hostForUrl(entrypointAddress) + ":" + entrypointAddress.getPort();
    }

    public Optional<InetSocketAddress> entrypointAddress() {
        return Optional.ofNullable(entrypointAddress);
    }

    /** Every worker the supervisor currently knows. */
    public List<WorkerView> workers() {
        return lifecycle == null ? List.of() : lifecycle.views();
    }

    public RuntimeConfig config() {
        return config;
    }

    private void startService(ServiceConfig service) {
        List<CompletableFuture<Integer>> ready = new ArrayList<>();
        for (int i = 0; i < service.workers(); i++) {
            ready.add(lifecycle.start(service));
        }
        for (CompletableFuture<Integer> worker : ready) {
            await(worker, config.startTimeout().plusSeconds(5), "the service \"" + service.id() + "\" to start");
        }
    }

    /**
     * Stops gracefully: the entrypoint stops accepting and drains, its workers stop, then the other services
     * in reverse order, each worker given {@code gracefulShutdown.service} before it is killed.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        Duration grace = config.gracefulShutdown().service();
        if (lifecycle != null) {
            join(lifecycle.beginShutdown());
        }
        if (entrypoint != null) {
            entrypoint.beginShutdown();
            entrypoint.close(grace);
        }
        if (lifecycle != null) {
            List<ServiceConfig> order = new ArrayList<>(config.services());
            order.sort((a, b) -> a.id().equals(config.entrypoint()) ? -1 : b.id().equals(config.entrypoint()) ? 1 : 0);
            List<ServiceConfig> rest = new ArrayList<>(order.subList(1, order.size()));
            java.util.Collections.reverse(rest);
            join(lifecycle.stopService(order.get(0).id(), grace));
            for (ServiceConfig service : rest) {
                join(lifecycle.stopService(service.id(), grace));
            }
        }
        closeAll();
    }

    /** Kills every worker at once; for when a graceful stop ran out of time. */
    public void kill() {
        if (lifecycle != null) {
            lifecycle.killAll();
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void abortStart() {
        stopped = true;
        if (lifecycle != null) {
            join(lifecycle.beginShutdown());
            lifecycle.killAll();
            for (ServiceConfig service : config.services()) {
                join(lifecycle.stopService(service.id(), Duration.ZERO));
            }
        }
        if (entrypoint != null) {
            entrypoint.close(Duration.ZERO);
        }
        closeAll();
    }

    private void closeAll() {
        if (lifecycle != null) {
            lifecycle.close();
        }
        for (int i = closeables.size() - 1; i >= 0; i--) {
            try {
                closeables.get(i).close();
            } catch (Exception e) {
                log.warn("while stopping: " + e.getMessage());
            }
        }
        closeables.clear();
    }

    private <T extends AutoCloseable> T remember(T closeable) {
        closeables.add(closeable);
        return closeable;
    }

    private static <T> T await(CompletableFuture<T> future, Duration limit, String what) {
        try {
            return future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RtException("RT_INTERRUPTED", "interrupted while waiting for " + what);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RtException rt) {
                throw rt;
            }
            throw new RtException("RT_SERVICE_START_FAILED", "failed waiting for " + what + ": " + e.getCause());
        } catch (TimeoutException e) {
            throw new RtException("RT_SERVICE_START_TIMEOUT", "timed out after " + limit.toMillis()
                    + " ms waiting for " + what);
        }
    }

    private static void join(CompletableFuture<?> future) {
        try {
            future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // stopping regardless
        }
    }

    private static String hostForUrl(InetSocketAddress address) {
        String host = address.getHostString();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
