package dev.rt.supervisor;

import dev.rt.supervisor.config.RuntimeConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import sun.misc.Signal;

/**
 * {@code rt start} from start to exit: start the supervisor, wait for SIGINT or SIGTERM, stop gracefully
 * within {@code gracefulShutdown.runtime}. A signal during start-up aborts the start. Whatever ends the JVM,
 * a shutdown hook kills any worker still alive, so no child JVM outlives the supervisor.
 */
public final class RuntimeSession {
    /** Exit status when the runtime could not stop within {@code gracefulShutdown.runtime}. */
    public static final int EXIT_ABORTED = 1;

    private final RuntimeConfig config;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;

    public RuntimeSession(RuntimeConfig config, RuntimeLog log, Map<String, String> realEnv) {
        this.config = config;
        this.log = log;
        this.realEnv = realEnv;
    }

    /** Runs until a signal; returns the process exit status. Start-up failures are thrown. */
    public int run() {
        Supervisor supervisor = new Supervisor(config, log, realEnv);
        CompletableFuture<String> signal = new CompletableFuture<>();
        Thread lastResort = new Thread(supervisor::kill, "rt-kill-workers");
        Runtime.getRuntime().addShutdownHook(lastResort);
        for (String name : new String[] {"INT", "TERM"}) {
            Signal.handle(new Signal(name), received -> {
                if (!signal.complete("SIG" + name) || supervisor.entrypointAddress().isEmpty()) {
                    supervisor.kill(); // a second signal, or one during start-up: do not wait
                }
            });
        }
        supervisor.start();
        if (signal.isDone()) {
            supervisor.stop();
            throw new dev.rt.protocol.RtException("RT_INTERRUPTED", "start-up interrupted by " + signal.join());
        }
        String received = signal.join();
        log.info("Received " + received + ", stopping the runtime ...");
        return stopWithin(supervisor);
    }

    private int stopWithin(Supervisor supervisor) {
        long limit = config.gracefulShutdown().runtime().toMillis();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(supervisor::stop);
        try {
            stopping.get(limit, TimeUnit.MILLISECONDS);
            log.info("The runtime has stopped.");
            return 0;
        } catch (TimeoutException e) {
            log.error("Could not close the runtime in " + limit + " ms, aborting the process with exit code 1.");
        } catch (ExecutionException e) {
            log.error("Error while stopping the runtime: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        supervisor.kill();
        return EXIT_ABORTED;
    }
}
