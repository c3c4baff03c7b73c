package dev.rt.supervisor.worker;

import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.process.Debugger;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A worker's application start, from the moment it may start ({@link Worker#released}: at launch, once the
 * services it depends on have started, or when a spare takes over) to its {@code Ready}, or to {@code startTimeout},
 * when its JVM is killed. Runs on the supervisor loop.
 */
final class ApplicationStarts {
    private final SupervisorLoop loop;
    private final RuntimeLog log;
    private final Duration startTimeout;
    private final Debugger debugger;
    private final Consumer<Worker> started;

    /** @param started what a worker's readiness changes elsewhere (the upstreams, health checks), run first */
    ApplicationStarts(SupervisorLoop loop, RuntimeLog log, Duration startTimeout, Debugger debugger,
            Consumer<Worker> started) {
        this.loop = loop;
        this.log = log;
        this.startTimeout = startTimeout;
        this.debugger = debugger;
        this.started = started;
    }

    /**
     * The services the worker depends on have started ({@code failure} null): its application starts now,
     * and {@code startTimeout} counts from now. Or one of them did not: the worker is killed.
     */
    void release(Worker worker, Throwable failure) {
        if (worker.state != WorkerState.STARTING) {
            worker.released.complete(false);
            return;
        }
        if (failure != null) {
            worker.startFailure = "a service it depends on did not start";
            worker.released.complete(false);
            worker.process.destroyForcibly();
            return;
        }
        worker.releasedAtNanos = System.nanoTime();
        log.info("Starting the " + worker.describe() + " (pid " + worker.process.pid() + ")...");
        long timeout = startTimeout.toMillis();
        if (timeout > 0 && !debugger.suspend()) {
            loop.postAfter(Duration.ofMillis(timeout), () -> timedOut(worker));
        }
        worker.released.complete(true);
    }

    /** The worker's application serves on {@code port}. */
    void ready(Worker worker, int port) {
        if (worker.state != WorkerState.STARTING || worker.timedOut) {
            return;
        }
        worker.port = port;
        worker.state = WorkerState.STARTED;
        worker.readyAtNanos = System.nanoTime();
        started.accept(worker);
        log.info("Started the " + worker.describe() + " on port " + port + " in "
                + (worker.readyAtNanos - worker.releasedAtNanos) / 1_000_000 + " ms.");
        worker.ready.complete(port);
    }

    private void timedOut(Worker worker) {
        if (worker.state != WorkerState.STARTING) {
            return;
        }
        long ms = startTimeout.toMillis();
        worker.timedOut = true;
        worker.startFailure = "it did not become ready within " + ms + " ms (startTimeout); it was killed";
        log.error("The " + worker.describe() + " failed to start in " + ms + "ms. Forcefully killing it.");
        worker.process.destroyForcibly();
    }
}
