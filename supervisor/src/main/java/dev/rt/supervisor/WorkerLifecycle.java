package dev.rt.supervisor;

import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.MessageVisitor;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Ready;
import dev.rt.protocol.RtException;
import dev.rt.protocol.StartFailed;
import dev.rt.protocol.Stats;
import dev.rt.protocol.Stop;
import dev.rt.protocol.Stopped;
import dev.rt.supervisor.agent.AgentConnection;
import dev.rt.supervisor.agent.AgentEvents;
import dev.rt.supervisor.config.RuntimeConfig;
import dev.rt.supervisor.config.ServiceConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.process.FreePort;
import dev.rt.supervisor.process.OutputPump;
import dev.rt.supervisor.process.WorkerCommand;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts, watches, restarts and stops worker JVMs. All worker state lives on one single-threaded loop:
 * public methods and agent events hop onto it, and results come back as futures.
 */
final class WorkerLifecycle implements AgentEvents, AutoCloseable {
    private final RuntimeConfig config;
    private final WorkerCommand command;
    private final WorkerRegistry registry;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;
    private final int meshProxyPort;
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "rt-supervisor-loop");
        thread.setDaemon(true);
        return thread;
    });
    private final Map<String, Worker> workers = new LinkedHashMap<>();          // loop only
    private final Map<String, Integer> nextIndex = new HashMap<>();             // loop only
    private final Map<String, Backoff> backoffs = new HashMap<>();              // loop only
    private final Map<String, Worker> byLabel = new ConcurrentHashMap<>();      // read by agent threads
    private final AtomicLong stopIds = new AtomicLong();
    private boolean shuttingDown;                                               // loop only

    WorkerLifecycle(RuntimeConfig config, WorkerCommand command, WorkerRegistry registry, RuntimeLog log,
            Map<String, String> realEnv, int meshProxyPort) {
        this.config = config;
        this.command = command;
        this.registry = registry;
        this.log = log;
        this.realEnv = realEnv;
        this.meshProxyPort = meshProxyPort;
    }

    /** Starts one new worker of the service; the future completes when it is ready or fails to start. */
    CompletableFuture<Integer> start(ServiceConfig service) {
        return onLoop(() -> launch(service)).thenCompose(worker -> worker.ready);
    }

    /** Stops every worker of the service gracefully, killing those still alive after {@code grace}. */
    CompletableFuture<Void> stopService(String serviceId, Duration grace) {
        return onLoop(() -> {
            List<CompletableFuture<Integer>> exits = new ArrayList<>();
            for (Worker worker : workers.values()) {
                if (worker.service.id().equals(serviceId) && isAlive(worker)) {
                    exits.add(stop(worker, grace));
                }
            }
            return CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new));
        }).thenCompose(all -> all);
    }

    /** From now on no worker is restarted. */
    CompletableFuture<Void> beginShutdown() {
        return onLoop(() -> {
            shuttingDown = true;
            return null;
        });
    }

    List<WorkerView> views() {
        return join(onLoop(() -> workers.values().stream().map(Worker::view).toList()));
    }

    /** Last resort: every worker process still alive is killed at once. Safe from any thread. */
    void killAll() {
        byLabel.values().forEach(worker -> worker.process.destroyForcibly());
    }

    private Worker launch(ServiceConfig service) {
        int index = nextIndex.merge(service.id(), 1, Integer::sum) - 1;
        int port = FreePort.pick();
        Process process;
        try {
            process = command.processFor(service, index, port, realEnv).start();
        } catch (IOException e) {
            throw new RtException("RT_WORKER_SPAWN_FAILED", "cannot start a JVM for worker " + index
                    + " of the service \"" + service.id() + "\": " + e.getMessage() + " (check the java executable "
                    + command.java() + ")");
        }
        Worker worker = new Worker(service, index, process);
        worker.startedAtNanos = System.nanoTime();
        workers.put(worker.label(), worker);
        byLabel.put(worker.label(), worker);
        log.info("Starting the " + worker.describe() + " (pid " + process.pid() + ")...");
        OutputPump.start(process.getInputStream(), log, service.id(), index, false);
        OutputPump.start(process.getErrorStream(), log, service.id(), index, true);
        process.onExit().thenAccept(p -> loop.execute(() -> onExit(worker, p.exitValue())));
        long timeout = config.startTimeout().toMillis();
        if (timeout > 0) {
            loop.schedule(() -> onStartTimeout(worker), timeout, TimeUnit.MILLISECONDS);
        }
        return worker;
    }

    private void onStartTimeout(Worker worker) {
        if (worker.state != WorkerState.STARTING) {
            return;
        }
        long ms = config.startTimeout().toMillis();
        worker.startFailure = "it did not become ready within " + ms + " ms (startTimeout); it was killed";
        log.error("The " + worker.describe() + " failed to start in " + ms + "ms. Forcefully killing it.");
        worker.process.destroyForcibly();
    }

    private void onExit(Worker worker, int code) {
        WorkerState was = worker.state;
        byLabel.remove(worker.label());
        worker.exited.complete(code);
        switch (was) {
            case STARTING -> {
                worker.state = WorkerState.EXITED;
                String reason = worker.startFailure != null ? worker.startFailure
                        : "its JVM exited with code " + code + " before it was ready (see its output above)";
                worker.ready.completeExceptionally(new RtException("RT_SERVICE_START_FAILED",
                        "the " + worker.describe() + " failed to start: " + reason));
            }
            case STOPPING -> {
                worker.state = WorkerState.STOPPED;
                log.info("Stopped the " + worker.describe() + ".");
            }
            case STARTED -> {
                worker.state = WorkerState.EXITED;
                registry.publish(workers.values());
                log.warn("The " + worker.describe() + " unexpectedly exited with code " + code + ".");
                scheduleRestart(worker.service);
            }
            case STOPPED, EXITED -> { }
        }
        workers.remove(worker.label());
    }

    private void scheduleRestart(ServiceConfig service) {
        if (shuttingDown) {
            return;
        }
        if (!config.restartOnError().enabled()) {
            log.warn("A worker of the service \"" + service.id() + "\" is no longer available (restartOnError is off).");
            return;
        }
        Duration delay = backoffs.computeIfAbsent(service.id(),
                id -> new Backoff(config.restartOnError().effectiveDelay(true))).next(System.nanoTime());
        log.warn(delay.isZero() ? "A worker of the service \"" + service.id() + "\" is being restarted ..."
                : "A worker of the service \"" + service.id() + "\" will be restarted in " + delay.toMillis() + "ms ...");
        loop.schedule(() -> restart(service), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void restart(ServiceConfig service) {
        if (shuttingDown) {
            return;
        }
        Worker worker;
        try {
            worker = launch(service);
        } catch (RtException e) {
            log.error(e.getMessage());
            scheduleRestart(service);
            return;
        }
        worker.ready.whenComplete((port, failure) -> loop.execute(() -> {
            if (failure == null) {
                log.info("The " + worker.describe() + " has been successfully restarted.");
            } else {
                log.error(failure.getMessage());
                scheduleRestart(service);
            }
        }));
    }

    private CompletableFuture<Integer> stop(Worker worker, Duration grace) {
        worker.state = WorkerState.STOPPING;
        registry.publish(workers.values());
        log.info("Stopping the " + worker.describe() + "...");
        boolean sent = worker.connection().map(c -> c.send(new Stop(stopIds.incrementAndGet(), grace.toMillis())))
                .orElse(false);
        if (!sent) {
            worker.process.destroy();
        }
        loop.schedule(() -> {
            if (worker.process.isAlive()) {
                log.warn("Timeout while stopping the " + worker.describe() + ". Killing it.");
                worker.process.destroyForcibly();
            }
        }, Math.max(grace.toMillis(), 1), TimeUnit.MILLISECONDS);
        return worker.exited;
    }

    private static boolean isAlive(Worker worker) {
        return worker.state == WorkerState.STARTING || worker.state == WorkerState.STARTED;
    }

    // ---- agent events: called on connection threads ----

    @Override
    public Optional<HelloAck> hello(AgentConnection connection, Hello hello) {
        Worker worker = byLabel.get(hello.serviceId() + ":" + hello.workerIndex());
        if (worker == null || worker.process.pid() != hello.pid()) {
            log.error("agent socket: refused a connection claiming to be worker " + hello.serviceId() + ":"
                    + hello.workerIndex() + " (pid " + hello.pid() + "), which this runtime did not start");
            return Optional.empty();
        }
        loop.execute(() -> worker.connection = connection);
        ServiceConfig service = worker.service;
        return Optional.of(new HelloAck(service.id(), worker.index, service.application().kind(),
                service.application().settings(), service.directory().toString(), service.arguments(),
                meshProxyPort, config.exitOnUnhandledErrors(), 1000));
    }

    @Override
    public void message(AgentConnection connection, Message message) {
        Worker worker = byLabel.get(connection.toString().replace("worker ", ""));
        if (worker != null) {
            loop.execute(() -> message.accept(new WorkerMessages(worker)));
        }
    }

    @Override
    public void disconnected(AgentConnection connection, Optional<String> error) {
        // The process exit, not the socket, decides what happens to a worker.
    }

    /** Handles a worker's frames on the loop. */
    private final class WorkerMessages implements MessageVisitor<Void> {
        private final Worker worker;

        WorkerMessages(Worker worker) {
            this.worker = worker;
        }

        @Override
        public Void ready(Ready ready) {
            if (worker.state == WorkerState.STARTING) {
                worker.port = ready.port();
                worker.state = WorkerState.STARTED;
                registry.publish(workers.values());
                log.info("Started the " + worker.describe() + " on port " + ready.port() + " in "
                        + (System.nanoTime() - worker.startedAtNanos) / 1_000_000 + " ms.");
                worker.ready.complete(ready.port());
            }
            return null;
        }

        @Override
        public Void startFailed(StartFailed failed) {
            worker.startFailure = failed.message();
            return null;
        }

        @Override
        public Void stats(Stats stats) {
            worker.lastStats = stats;
            return null;
        }

        @Override
        public Void stopped(Stopped stopped) {
            return null;
        }

        @Override
        public Void hello(Hello hello) {
            return unexpected(hello);
        }

        @Override
        public Void helloAck(HelloAck ack) {
            return unexpected(ack);
        }

        @Override
        public Void stop(Stop stop) {
            return unexpected(stop);
        }

        private Void unexpected(Message message) {
            log.error("agent socket: " + worker.label() + " sent an unexpected " + message.getClass().getSimpleName()
                    + " frame; ignored");
            return null;
        }
    }

    // ---- loop plumbing ----

    private <T> CompletableFuture<T> onLoop(java.util.concurrent.Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the supervisor loop did not answer", e);
        }
    }

    @Override
    public void close() {
        loop.shutdownNow();
    }

}
