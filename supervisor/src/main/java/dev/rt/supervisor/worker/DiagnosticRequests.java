package dev.rt.supervisor.worker;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.protocol.Diagnose;
import dev.rt.protocol.Diagnosed;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Heap dumps, JFR recordings and schema documents asked of one worker: a {@link Diagnose} with a fresh id goes out, and the
 * future completes with the file when the {@link Diagnosed} with that id comes back (or fails when the worker
 * says it could not, or exits first).
 */
final class DiagnosticRequests {
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<Path>> pending = new ConcurrentHashMap<>();

    /**
     * Asks a started worker of the service (worker {@code index}, or the first started one when empty) for a
     * heap dump or a JFR recording written into {@code directory}; completes with the file once written.
     */
    CompletableFuture<Path> send(WorkerLifecycle lifecycle, String serviceId, OptionalInt index, String kind,
            Path directory, Duration duration) {
        return lifecycle.started(workers -> {
            Worker worker = workers.stream().filter(w -> w.service.id().equals(serviceId))
                    .filter(w -> index.isEmpty() || w.index == index.getAsInt()).findFirst()
                    .orElseThrow(() -> new RtException(ErrorCode.RUNTIME_SERVICE_NOT_STARTED, "no started worker "
                            + serviceId + (index.isPresent() ? ":" + index.getAsInt() : "") + " to diagnose"));
            return send(worker, kind, directory, duration);
        }).thenCompose(file -> file);
    }

    /** On the supervisor loop: sends the request to a started worker. */
    CompletableFuture<Path> send(Worker worker, String kind, Path directory, Duration duration) {
        long id = ids.incrementAndGet();
        Path file = directory.resolve(worker.label().replace(':', '-') + "-" + id
                + switch (kind) {
                    case Diagnose.HEAP_DUMP -> ".hprof";
                    case Diagnose.OPENAPI_SCHEMA -> ".json";
                    case Diagnose.GRAPHQL_SCHEMA -> ".graphql";
                    default -> ".jfr";
                });
        CompletableFuture<Path> done = new CompletableFuture<>();
        pending.put(id, done);
        worker.exited.thenRun(() -> fail(id, "the " + worker.describe() + " exited before the file was written"));
        boolean sent = worker.connection().map(c -> c.send(new Diagnose(id, kind, file.toString(), duration.toMillis())))
                .orElse(false);
        if (!sent) {
            fail(id, "the " + worker.describe() + " is not connected");
        }
        return done.thenApply(ok -> file);
    }

    void answered(Diagnosed answer) {
        CompletableFuture<Path> done = pending.remove(answer.id());
        if (done == null) {
            return;
        }
        if (answer.ok()) {
            done.complete(Path.of(""));
        } else {
            done.completeExceptionally(new RtException(ErrorCode.DIAGNOSTIC_FAILED, "the worker could not write the file: "
                    + answer.message()));
        }
    }

    private void fail(long id, String why) {
        CompletableFuture<Path> done = pending.remove(id);
        if (done != null) {
            done.completeExceptionally(new RtException(ErrorCode.DIAGNOSTIC_FAILED, why));
        }
    }
}
