package dev.rt.supervisor.worker;

import dev.rt.protocol.Ready;
import dev.rt.protocol.Stats;
import dev.rt.supervisor.agent.AgentConnection;
import dev.rt.config.ServiceConfig;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * One worker JVM as the supervisor sees it. Mutable, and owned by the supervisor loop: only code running
 * on that loop reads or writes its fields (the futures are the way out to other threads).
 */
final class Worker {
    final ServiceConfig service;
    final int index;
    final Process process;
    final long launchedAtNanos;
    final int debugSlot;
    /** Its command line, {@code java} first, and the arguments its application's {@code main} gets. */
    final List<String> command;
    final List<String> arguments;
    /** Completes with the port when the worker reports ready; fails with the reason it did not start. */
    final CompletableFuture<Integer> ready = new CompletableFuture<>();
    /** Completes with the exit code once the process has ended. */
    final CompletableFuture<Integer> exited = new CompletableFuture<>();
    /**
     * Completes, on the loop, with true once the worker may start its application (the services it depends
     * on have started): its {@code Hello} is answered then. False when it never may: it is being killed.
     */
    final CompletableFuture<Boolean> released = new CompletableFuture<>();

    WorkerState state = WorkerState.STARTING;
    AgentConnection connection;
    int port;
    /** The address the application's socket is bound to, from its {@code Ready}. */
    String listenAddress = Ready.LOOPBACK;
    String startFailure;
    boolean timedOut;
    /** When its application was let start ({@link #released}): at launch, or once its dependencies were ready. */
    long releasedAtNanos;
    long readyAtNanos;
    Stats lastStats;
    long lastStatsAtNanos;
    int unhealthyChecks;
    /** The worker starting to take this one's place (health or reload), while it starts. */
    Worker replacement;

    /**
     * A spare: a booted JVM held back before its application starts, outside the service's workers until a dead
     * worker's place is given to it ({@link Spares}).
     */
    boolean spare;

    Worker(ServiceConfig service, int index, Process process, long launchedAtNanos, int debugSlot) {
        this(service, index, process, launchedAtNanos, debugSlot, List.of(), List.of());
    }

    Worker(ServiceConfig service, int index, Process process, long launchedAtNanos, int debugSlot, List<String> command,
            List<String> arguments) {
        this.service = service;
        this.index = index;
        this.process = process;
        this.launchedAtNanos = launchedAtNanos;
        this.debugSlot = debugSlot;
        this.command = List.copyOf(command);
        this.arguments = List.copyOf(arguments);
    }

    String label() {
        return label(service.id(), index);
    }

    static String label(String serviceId, int index) {
        return serviceId + ":" + index;
    }

    /** How log lines name a worker: {@code worker 0 of the service "api"}. */
    String describe() {
        return describe(service.id(), index);
    }

    static String describe(String serviceId, int index) {
        return "worker " + index + " of the service \"" + serviceId + "\"";
    }

    boolean alive() {
        return state == WorkerState.STARTING || state == WorkerState.STARTED;
    }

    /**
     * How long it has run: since its application was let start, or since its launch before that (a spare's wait, a
     * JVM booting while its dependencies start, does not count: a crash loop is one of applications).
     */
    Duration uptime(long nowNanos) {
        return Duration.ofNanos(nowNanos - (releasedAtNanos != 0 ? releasedAtNanos : launchedAtNanos));
    }

    Optional<AgentConnection> connection() {
        return Optional.ofNullable(connection);
    }

    WorkerView view() {
        return new WorkerView(service.id(), index, process.pid(),
                state == WorkerState.STARTED || state == WorkerState.STOPPING ? OptionalInt.of(port) : OptionalInt.empty(),
                state, listenAddress, spare, command, arguments, uptime(System.nanoTime()).toMillis(),
                unhealthyChecks > 0);
    }
}
