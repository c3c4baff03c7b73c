package dev.rt.supervisor;

import dev.rt.protocol.RtException;
import dev.rt.supervisor.config.RuntimeConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import sun.misc.Signal;

/**
 * {@code rt start} from start to exit: start the supervisor, reload every service on SIGUSR2, wait for
 * SIGINT or SIGTERM, stop gracefully within {@code gracefulShutdown.runtime}. A signal during start-up aborts
 * the start. Whatever ends the JVM, a shutdown hook kills any worker still alive, so no child JVM outlives
 * the supervisor.
 */
public final class RuntimeSession {
    /** Exit status when the runtime could not stop within {@code gracefulShutdown.runtime}. */
    public static final int EXIT_ABORTED = 1;

    private final RuntimeConfig config;
    private final RuntimeOptions options;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;

    public RuntimeSession(RuntimeConfig config, RuntimeLog log, Map<String, String> realEnv) {
        this(config, RuntimeOptions.DEFAULTS, log, realEnv);
    }

    public RuntimeSession(RuntimeConfig config, RuntimeOptions options, RuntimeLog log, Map<String, String> realEnv) {
        this.config = config;
        this.options = options;
        this.log = log;
        this.realEnv = realEnv;
    }

    /** Runs until a signal; returns the process exit status. Start-up failures are thrown. */
    public int run() {
        Supervisor supervisor = new Supervisor(config, options, log, realEnv);
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
        Signal.handle(new Signal("USR2"), received -> reload(supervisor));
        supervisor.start();
        if (signal.isDone()) {
            supervisor.stop();
            throw new RtException("RT_INTERRUPTED", "start-up interrupted by " + signal.join());
        }
        String received = signal.join();
        log.info("Received " + received + ", stopping the runtime ...");
        return stopWithin(supervisor);
    }

    private void reload(Supervisor supervisor) {
        if (supervisor.entrypointAddress().isEmpty()) {
            log.warn("Received SIGUSR2 while starting; ignored (send it again once rt is listening).");
            return;
        }
        log.info("Received SIGUSR2, restarting all services ...");
        supervisor.reload().exceptionally(error -> {
            log.error("Could not restart every service: " + error.getMessage());
            return null;
        });
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
