package dev.rt.supervisor.worker;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.ServiceConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.function.ToIntFunction;

/**
 * What the management API does to the services of a started runtime: start or stop one, reload some (replace
 * their workers one at a time), and ask a worker for a heap dump or a JFR recording. Each returns at once with a
 * future.
 */
public final class ServiceOperations {
    private final RuntimeConfig config;
    private final WorkerLifecycle lifecycle;
    private final Path runtimeDirectory;
    private final ToIntFunction<ServiceConfig> workersOf;

    public ServiceOperations(RuntimeConfig config, WorkerLifecycle lifecycle, Path runtimeDirectory,
            ToIntFunction<ServiceConfig> workersOf) {
        this.config = config;
        this.lifecycle = lifecycle;
        this.runtimeDirectory = runtimeDirectory;
        this.workersOf = workersOf;
    }

    /** The services of {@code ids} reloaded one worker at a time, as a reload of every service does. */
    public CompletableFuture<Void> reload(List<String> ids) {
        return CompletableFuture.allOf(ids.stream().map(lifecycle::reload).toArray(CompletableFuture[]::new));
    }

    /**
     * Starts the service's workers ({@code workers} of them, one in development), then its spare JVM if it keeps one;
     * completes when the workers are ready.
     */
    public CompletableFuture<Void> start(String id) {
        ServiceConfig service = config.service(id).orElseThrow();
        List<CompletableFuture<Integer>> ready = new ArrayList<>();
        for (int i = 0; i < workersOf.applyAsInt(service); i++) {
            ready.add(lifecycle.start(service));
        }
        return CompletableFuture.allOf(ready.toArray(CompletableFuture[]::new)).thenRun(() -> lifecycle.keepSpare(id));
    }

    /** Stops every worker of the service gracefully; it stays stopped until {@link #start(String)}. */
    public CompletableFuture<Void> stop(String id) {
        return lifecycle.stopService(id, config.gracefulShutdown().service());
    }

    /**
     * A heap dump ({@code Diagnose.HEAP_DUMP}) or a JFR recording ({@code Diagnose.PROFILE}) of a started worker
     * of the service, written by the worker into the runtime's private directory; the caller removes the file.
     */
    public CompletableFuture<Path> diagnose(String serviceId, OptionalInt worker, String kind, Duration duration) {
        Path directory = runtimeDirectory.resolve("diagnostics");
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new RtException(ErrorCode.DIAGNOSTIC_FAILED,
                    "cannot create " + directory + ": " + e.getMessage()));
        }
        return lifecycle.diagnostics().send(lifecycle, serviceId, worker, kind, directory, duration);
    }
}
