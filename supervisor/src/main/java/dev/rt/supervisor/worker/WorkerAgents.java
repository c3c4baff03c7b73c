package dev.rt.supervisor.worker;

import dev.rt.protocol.CacheInvalidated;
import dev.rt.protocol.CacheInvalidation;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.SpanBatch;
import dev.rt.protocol.Stats;
import dev.rt.supervisor.agent.AgentConnection;
import dev.rt.supervisor.agent.AgentEvents;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.MeshProxy;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;

/**
 * The agent socket's side of {@link WorkerLifecycle}, called on each connection's reader thread: a worker's
 * {@code Hello} is checked against the JVMs the lifecycle started and answered with its service's
 * configuration once the worker is released (a JVM that boots while its dependencies start waits here);
 * later frames hop onto the supervisor loop.
 */
final class WorkerAgents implements AgentEvents {
    private final WorkerLifecycle lifecycle;
    private final Map<String, Worker> byLabel; // the lifecycle's, read here
    private final Map<AgentConnection, Worker> byConnection = new ConcurrentHashMap<>();
    private final RuntimeConfig config;
    private final RuntimeLog log;
    private final ToIntFunction<String> meshProxyPorts;
    private final WorkerServices services;

    WorkerAgents(WorkerLifecycle lifecycle, Map<String, Worker> byLabel, RuntimeConfig config, RuntimeLog log,
            ToIntFunction<String> meshProxyPorts, WorkerServices services) {
        this.lifecycle = lifecycle;
        this.byLabel = byLabel;
        this.config = config;
        this.log = log;
        this.meshProxyPorts = meshProxyPorts;
        this.services = services;
    }

    @Override
    public Optional<HelloAck> hello(AgentConnection connection, Hello hello) {
        Worker worker = byLabel.get(Worker.label(hello.serviceId(), hello.workerIndex()));
        if (worker == null || worker.process.pid() != hello.pid()) {
            log.error("agent socket: refused a connection claiming to be worker " + hello.serviceId() + ":"
                    + hello.workerIndex() + " (pid " + hello.pid() + "), which this runtime did not start");
            return Optional.empty();
        }
        lifecycle.loop().post(() -> lifecycle.spares().connected(worker)); // says so when it is a spare
        if (!worker.released.join()) { // the JVM boots while the services it depends on start, or waits as a spare
            return Optional.empty();
        }
        byConnection.put(connection, worker);
        lifecycle.loop().post(() -> worker.connection = connection);
        ServiceConfig service = worker.service;
        return Optional.of(new HelloAck(service.id(), worker.index, service.application().kind(),
                service.application().configuration(), service.directory().toString(), worker.arguments,
                meshProxyPorts.applyAsInt(service.id()), config.exitOnUnhandledErrors(),
                WorkerLifecycle.STATS_INTERVAL.toMillis(),
                MeshProxy.externalOrigins(config), config.messagingTimeout().toMillis(), services.spans().records(service.id()), services.identityKey()));
    }

    @Override
    public void message(AgentConnection connection, Message message) {
        Worker worker = byConnection.get(connection);
        if (worker != null && message instanceof SpanBatch batch) {
            services.spans().export(worker.service.id(), batch.spans()); // never through the loop
        } else if (worker != null && message instanceof CacheInvalidation invalidation) {
            connection.send(new CacheInvalidated(invalidation.id(), services.cache().invalidate(invalidation)));
        } else if (worker != null) {
            if (message instanceof Stats stats) {
                services.stats().received(worker.service.id(), worker.index, worker.process.pid(), stats);
            }
            lifecycle.loop().post(() -> message.accept(new WorkerMessages(lifecycle, worker, log)));
        }
    }

    @Override
    public void disconnected(AgentConnection connection, Optional<String> error) {
        byConnection.remove(connection); // the process exit, not the socket, decides what happens to a worker
    }
}
