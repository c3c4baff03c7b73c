package dev.rt.supervisor.scheduler;

import dev.rt.auth.forward.IdentitySeal;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.SchedulerJobConfig;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.supervisor.concurrent.DaemonThreads;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.listeners.SchedulerListenerSupport;

/**
 * {@link JobScheduler} on Quartz: in memory ({@link MemoryJobStore}: Quartz's one thread fires and starts the runs,
 * which wait on no thread), or on the clustered JDBC store of {@code schedulerCluster} ({@link ClusteredJobStore}:
 * each run holds a Quartz thread until it ends, so that no replica overlaps it). The calls go out on
 * {@link CallbackClient}, on the supervisor's event loops.
 */
final class QuartzJobScheduler implements JobScheduler {
    static final String GROUP = "rt";
    private static final int MAX_THREADS = 100;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final Scheduler quartz;
    private final Map<String, CallbackRunner> runners;
    private final JobStore store;
    private final CallbackClient client;
    private final ExecutorService firing;
    private final RetryWaits waits;
    private final CountDownLatch shutdown;
    private final InFlight inFlight;
    private final RuntimeLog log;
    private boolean stopped;

    private QuartzJobScheduler(Scheduler quartz, Map<String, CallbackRunner> runners, JobStore store,
            CallbackClient client, ExecutorService firing, RetryWaits waits, CountDownLatch shutdown, InFlight inFlight,
            RuntimeLog log) {
        this.quartz = quartz;
        this.runners = runners;
        this.store = store;
        this.client = client;
        this.firing = firing;
        this.waits = waits;
        this.shutdown = shutdown;
        this.inFlight = inFlight;
        this.log = log;
    }

    static QuartzJobScheduler start(RuntimeConfig config, ProxyEventLoops loops, int meshPort, IdentitySeal identity,
            RuntimeLog log, PrometheusRegistry registry, PausedJobs pausedJobs) {
        CallbackClient client = new CallbackClient(loops.io(), loops.channelClass(), config.serviceTimeout());
        CallbackCall call = new CallbackCall(client, meshPort, identity);
        RetryWaits waits = new RetryWaits(loops.io());
        SchedulerMetrics metrics = new SchedulerMetrics(registry);
        CountDownLatch shutdown = new CountDownLatch(1);
        InFlight inFlight = new InFlight();
        Map<String, CallbackRunner> runners = new LinkedHashMap<>();
        for (SchedulerJobConfig job : config.sections().scheduler()) {
            if (job.enabled()) {
                runners.put(job.name(), new CallbackRunner(job, call, log, metrics, shutdown, inFlight, waits));
                metrics.declare(job.name());
                job.headers().keySet().stream().filter(h -> CallbackCall.dropped(h.toLowerCase(Locale.ROOT)))
                        .forEach(h -> log.warn("Scheduler \"" + job.name() + "\": the header \"" + h
                                + "\" is " + (CallbackCall.RESTRICTED.contains(h.toLowerCase(Locale.ROOT))
                                ? "the HTTP client's" : "the runtime's") + " to set; it is not sent"));
            }
        }
        boolean clustered = config.sections().schedulerCluster().isPresent();
        int threads = Math.max(1, Math.min(runners.size(), MAX_THREADS));
        Properties settings = new Properties();
        settings.setProperty("org.quartz.scheduler.instanceName", "rt-scheduler-" + INSTANCES.incrementAndGet());
        settings.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        settings.setProperty("org.quartz.scheduler.makeSchedulerThreadDaemon", "true");
        settings.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", Integer.toString(threads));
        settings.setProperty("org.quartz.threadPool.threadCount", Integer.toString(clustered ? threads : 1));
        settings.setProperty("org.quartz.threadPool.threadNamePrefix", "rt-scheduler");
        settings.setProperty("org.quartz.threadPool.makeThreadsDaemons", "true");
        settings.setProperty("org.quartz.jobStore.misfireThreshold", "1000");
        config.sections().schedulerCluster().ifPresent(cluster -> settings.putAll(ClusterStore.open(cluster, threads)));
        int firingThreads = Runtime.getRuntime().availableProcessors();
        ExecutorService firing = Executors.newFixedThreadPool(firingThreads, DaemonThreads.named("rt-scheduler-fire"));
        Scheduler quartz = null;
        try {
            quartz = new StdSchedulerFactory(settings).getScheduler();
            quartz.getListenerManager().addSchedulerListener(new SchedulerListenerSupport() {
                @Override
                public void schedulerError(String message, SchedulerException cause) {
                    log.error("The scheduler: " + message + ": " + cause.getMessage());
                }
            });
            JobStore store = clustered ? new ClusteredJobStore(quartz, runners, log)
                    : new MemoryJobStore(quartz, runners, pausedJobs, firing, firingThreads, log);
            store.register();
            quartz.start();
            return new QuartzJobScheduler(quartz, runners, store, client, firing, waits, shutdown, inFlight, log);
        } catch (SchedulerException e) {
            firing.shutdownNow();
            client.close();
            if (quartz != null) {
                try {
                    quartz.shutdown(false);
                } catch (SchedulerException ignored) {
                    // failing anyway
                }
            }
            throw new RtException(ErrorCode.SCHEDULER_START_FAILED, "cannot start the scheduler: " + e.getMessage(), e);
        }
    }

    @Override
    public List<JobStatus> jobs() {
        return runners.keySet().stream().map(this::status).toList();
    }

    @Override
    public synchronized JobStatus pause(String name) {
        runner(name);
        try {
            if (!store.isPaused(name)) {
                store.pause(name);
                log.info("Scheduler \"" + name + "\" paused");
            }
        } catch (SchedulerException e) {
            throw failed("pause", name, e);
        }
        return status(name);
    }

    @Override
    public synchronized JobStatus resume(String name) {
        runner(name);
        try {
            if (store.isPaused(name)) {
                store.resume(name);
                log.info("Scheduler \"" + name + "\" resumed");
            }
        } catch (SchedulerException e) {
            throw failed("resume", name, e);
        }
        return status(name);
    }

    @Override
    public RunResult run(String name) {
        return runner(name).run();
    }

    @Override
    public void shutdown(Duration grace) {
        synchronized (this) {
            if (stopped) {
                return;
            }
            stopped = true;
        }
        try {
            quartz.standby();
        } catch (SchedulerException e) {
            log.warn("The scheduler did not stop firing cleanly: " + e.getMessage());
        }
        shutdown.countDown();
        firing.shutdown();
        waits.endAll();
        try {
            if (!inFlight.awaitNone(grace)) {
                log.warn("A scheduler job was still running after " + grace.toMillis()
                        + " ms (gracefulShutdown.service); it is abandoned");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        client.close();
        try {
            quartz.shutdown(false);
        } catch (SchedulerException e) {
            log.warn("The scheduler did not shut down cleanly: " + e.getMessage());
        }
    }

    private JobStatus status(String name) {
        CallbackRunner runner = runner(name);
        try {
            return new JobStatus(runner.job(), store.isPaused(name), runner.lastExecutedAt(), runner.lastStatus(),
                    store.nextRun(name));
        } catch (SchedulerException e) {
            throw failed("read", name, e);
        }
    }

    private CallbackRunner runner(String name) {
        CallbackRunner runner = runners.get(name);
        if (runner == null) {
            throw new UnknownJobException(name);
        }
        return runner;
    }

    private static RtException failed(String what, String name, SchedulerException e) {
        return new RtException(ErrorCode.SCHEDULER_FAILED, "cannot " + what + " scheduler \"" + name + "\": "
                + e.getMessage(), e);
    }
}
