package dev.rt.supervisor;

import dev.rt.protocol.Stats;
import dev.rt.supervisor.agent.AgentConnection;
import dev.rt.supervisor.config.ServiceConfig;
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
    /** Completes with the port when the worker reports ready; fails with the reason it did not start. */
    final CompletableFuture<Integer> ready = new CompletableFuture<>();
    /** Completes with the exit code once the process has ended. */
    final CompletableFuture<Integer> exited = new CompletableFuture<>();

    WorkerState state = WorkerState.STARTING;
    AgentConnection connection;
    int port;
    String startFailure;
    Stats lastStats;
    long startedAtNanos;

    Worker(ServiceConfig service, int index, Process process) {
        this.service = service;
        this.index = index;
        this.process = process;
    }

    String label() {
        return service.id() + ":" + index;
    }

    /** The wording of REFERENCE.md's log lines: {@code worker 0 of the service "api"}. */
    String describe() {
        return "worker " + index + " of the service \"" + service.id() + "\"";
    }

    Optional<AgentConnection> connection() {
        return Optional.ofNullable(connection);
    }

    WorkerView view() {
        return new WorkerView(service.id(), index, process.pid(),
                state == WorkerState.STARTED || state == WorkerState.STOPPING ? OptionalInt.of(port) : OptionalInt.empty(),
                state);
    }
}
