package dev.rt.supervisor;

import dev.rt.config.error.RtException;
import dev.rt.config.RuntimeConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.scheduler.PausedJobs;
import dev.rt.supervisor.systemd.SystemdNotifier;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * {@code rt start} from start to exit: start the supervisor, reload every service on SIGUSR2, restart the
 * whole runtime on {@link #restart()}, wait for SIGINT or SIGTERM, drain for {@code gracefulShutdown.drain}, then
 * stop gracefully within {@code gracefulShutdown.runtime}. A signal during start-up aborts the start and stops (exit
 * status 0). Whatever ends the JVM, a shutdown hook kills any worker still alive, so no child JVM outlives the
 * supervisor.
 */
public final class RuntimeSession {
    /** Exit status when the runtime could not stop within {@code gracefulShutdown.runtime}. */
    public static final int EXIT_ABORTED = 1;
    private static final String RESTART = "restart";
    /** How long the supervisor's loop may take to run a no-op before systemd's watchdog stops being fed. */
    private static final Duration LOOP_ANSWER = Duration.ofSeconds(1);

    private final RuntimeConfig first;
    private final Supplier<RuntimeConfig> configAgain;
    private final RuntimeOptions options;
    private final RuntimeLog log;
    private final Map<String, String> realEnv;
    private final SignalSource signals;
    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();
    private final AtomicInteger stopSignals = new AtomicInteger();
    private volatile Supervisor current;
    /** The jobs paused through the management API, still paused after a restart of the runtime. */
    private final PausedJobs pausedJobs = new PausedJobs();
    private RuntimeConfig pending;

    public RuntimeSession(RuntimeConfig config, RuntimeLog log, Map<String, String> realEnv) {
        this(config, () -> config, RuntimeOptions.DEFAULTS, log, realEnv);
    }

    public RuntimeSession(RuntimeConfig config, RuntimeOptions options, RuntimeLog log, Map<String, String> realEnv) {
        this(config, () -> config, options, log, realEnv);
    }

    /**
     * @param config      the configuration to start with
     * @param configAgain loads the configuration again, as the command line named it, for {@link #restart()}
     */
    public RuntimeSession(RuntimeConfig config, Supplier<RuntimeConfig> configAgain, RuntimeOptions options,
            RuntimeLog log, Map<String, String> realEnv) {
        this(config, configAgain, options, log, realEnv, SignalSource.JVM);
    }

    RuntimeSession(RuntimeConfig config, Supplier<RuntimeConfig> configAgain, RuntimeOptions options, RuntimeLog log,
            Map<String, String> realEnv, SignalSource signals) {
        this.first = config;
        this.configAgain = configAgain;
        this.options = options;
        this.log = log;
        this.realEnv = realEnv;
        this.signals = signals;
    }

    /** Runs until SIGINT or SIGTERM; returns the process exit status. Start-up failures are thrown. */
    public int run() {
        try (SystemdNotifier systemd = SystemdNotifier.from(realEnv, log)) {
            return run(systemd);
        }
    }

    private int run(SystemdNotifier systemd) {
        Runtime.getRuntime().addShutdownHook(new Thread(this::killWorkers, "rt-kill-workers"));
        signals.on("INT", () -> stopSignal("SIGINT"));
        signals.on("TERM", () -> stopSignal("SIGTERM"));
        if (ReloadSignal.isFree(realEnv)) {
            signals.on("USR2", this::reload);
        } else {
            log.warn("SIGUSR2 does not reload here: this JVM uses it to suspend threads (JFR sampling sends it). "
                    + "Start rt with bin/rt, or set " + ReloadSignal.VARIABLE + "=39 in its environment.");
        }
        RuntimeConfig config = first;
        RuntimeConfig previous = null; // the configuration to go back to when a restarted one cannot start
        boolean restarted = false;
        while (true) {
            Supervisor supervisor = new Supervisor(config, options, log, realEnv);
            supervisor.controlledBy(managementControl());
            supervisor.keepsPausedJobsIn(pausedJobs);
            current = supervisor;
            boolean started;
            try {
                started = start(supervisor);
            } catch (RtException e) {
                if (previous == null) {
                    throw e;
                }
                // what had started of the new configuration has stopped: a restart that fails leaves the
                // runtime as it was
                log.error("Cannot restart the runtime with its new configuration: " + e.getMessage()
                        + ". Starting it again as it was.");
                config = previous;
                previous = null;
                continue;
            }
            if (!started) {
                log.info("Received " + events.peek() + " during start-up; the runtime has stopped.");
                systemd.stopping();
                return 0;
            }
            if (restarted) {
                log.info("The runtime has been restarted.");
            }
            followedBySystemd(supervisor, systemd);
            String event = nextEvent();
            if (!event.equals(RESTART)) {
                log.info("Received " + event + ", stopping the runtime ...");
                systemd.stopping();
                supervisor.drain(config.gracefulShutdown().drain());
                return stopWithin(supervisor, config);
            }
            log.info("Restarting the runtime ...");
            systemd.reloading();
            int status = stopWithin(supervisor, config);
            if (status != 0) {
                return status;
            }
            previous = config;
            config = pending;
            restarted = true;
        }
    }

    /** systemd hears that the runtime is ready, of its reloads, of its status, and gets its watchdog pings. */
    private void followedBySystemd(Supervisor supervisor, SystemdNotifier systemd) {
        if (!systemd.enabled()) {
            return;
        }
        supervisor.addListener(new RuntimeEvents() {
            @Override
            public void reloading() {
                systemd.reloading();
            }

            @Override
            public void reloaded() {
                systemd.ready(supervisor.summary());
            }
        });
        systemd.ready(supervisor.summary());
        systemd.watch(() -> current.summary(), () -> current.responsive(LOOP_ANSWER));
    }

    /**
     * Restarts the whole runtime in this process: every service stops, the configuration is read again as the
     * command line named it, and the runtime starts anew (a new entrypoint server too). A configuration that
     * no longer loads is logged and the runtime goes on as it is; one that cannot start is logged and the previous
     * configuration starts again. Safe from any thread.
     */
    public void restart() {
        events.add(RESTART);
    }

    /** The management API's POST stop and POST reload: a stop request, or {@link #restart()}. */
    private RuntimeControl managementControl() {
        return new RuntimeControl() {
            @Override
            public void stopRuntime() {
                events.add("a stop request from the management API");
            }

            @Override
            public void restartRuntime() {
                restart();
            }
        };
    }

    /**
     * Starts the supervisor; false when SIGINT or SIGTERM came during start-up, which is a stop like any other
     * (exit status 0): the workers were killed, and the supervisor stopped whatever it had started.
     */
    private boolean start(Supervisor supervisor) {
        try {
            supervisor.start();
        } catch (RuntimeException e) {
            if (stopSignals.get() > 0) {
                return false;
            }
            throw e;
        }
        if (stopSignals.get() > 0) {
            supervisor.stop();
            return false;
        }
        return true;
    }

    /** The next stop signal, or {@link #RESTART} once the configuration loaded again ({@link #pending}). */
    private String nextEvent() {
        while (true) {
            String event;
            try {
                event = events.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "an interrupt";
            }
            if (!event.equals(RESTART)) {
                return event;
            }
            try {
                pending = configAgain.get();
                return RESTART;
            } catch (RtException e) {
                log.error("Cannot restart the runtime: " + e.getMessage() + " (it goes on as it is)");
            }
        }
    }

    private void stopSignal(String name) {
        events.add(name);
        Supervisor supervisor = current;
        if (supervisor != null && (stopSignals.incrementAndGet() > 1 || supervisor.entrypointAddress().isEmpty())) {
            supervisor.kill(); // a second signal, or one during start-up: do not wait
        }
    }

    private void reload() {
        Supervisor supervisor = current;
        if (supervisor == null || supervisor.entrypointAddress().isEmpty()) {
            log.warn("Received SIGUSR2 while starting; ignored (send it again once rt is listening).");
            return;
        }
        log.info("Received SIGUSR2, restarting all services ...");
        supervisor.reload().exceptionally(error -> {
            log.error("Could not restart every service: " + error.getMessage());
            return null;
        });
    }

    private void killWorkers() {
        Supervisor supervisor = current;
        if (supervisor != null) {
            supervisor.kill();
        }
    }

    private int stopWithin(Supervisor supervisor, RuntimeConfig config) {
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
