package dev.rt.supervisor.scheduler;

import dev.rt.config.CronExpression;
import dev.rt.config.ErrorCode;
import dev.rt.config.RtException;
import dev.rt.config.RuntimeConfig;
import dev.rt.config.SchedulerJobConfig;
import dev.rt.supervisor.log.RuntimeLog;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.quartz.CronScheduleBuilder;
import org.quartz.CronTrigger;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.impl.matchers.GroupMatcher;
import org.quartz.listeners.SchedulerListenerSupport;

/** {@link JobScheduler} on Quartz: a RAM job store, or the clustered JDBC store of {@code schedulerCluster}. */
final class QuartzJobScheduler implements JobScheduler {
    static final String GROUP = "rt";
    private static final int MAX_THREADS = 100;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final Scheduler quartz;
    private final Map<String, CallbackRunner> runners;
    private final Optional<PausedJobs> paused; // empty when the database keeps the paused state
    private final CountDownLatch shutdown;
    private final InFlight inFlight;
    private final RuntimeLog log;
    private boolean stopped;

    private QuartzJobScheduler(Scheduler quartz, Map<String, CallbackRunner> runners, Optional<PausedJobs> paused,
            CountDownLatch shutdown, InFlight inFlight, RuntimeLog log) {
        this.quartz = quartz;
        this.runners = runners;
        this.paused = paused;
        this.shutdown = shutdown;
        this.inFlight = inFlight;
        this.log = log;
    }

    static QuartzJobScheduler start(RuntimeConfig config, int meshPort, RuntimeLog log, PrometheusRegistry registry,
            PausedJobs pausedJobs) {
        CallbackCall call = new CallbackCall(meshPort, config.serviceTimeout());
        SchedulerMetrics metrics = new SchedulerMetrics(registry);
        CountDownLatch shutdown = new CountDownLatch(1);
        InFlight inFlight = new InFlight();
        Map<String, CallbackRunner> runners = new LinkedHashMap<>();
        for (SchedulerJobConfig job : config.sections().scheduler()) {
            if (job.enabled()) {
                runners.put(job.name(), new CallbackRunner(job, call, log, metrics, shutdown, inFlight));
                metrics.declare(job.name());
            }
        }
        int threads = Math.max(1, Math.min(runners.size(), MAX_THREADS));
        Properties settings = new Properties();
        settings.setProperty("org.quartz.scheduler.instanceName", "rt-scheduler-" + INSTANCES.incrementAndGet());
        settings.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        settings.setProperty("org.quartz.scheduler.makeSchedulerThreadDaemon", "true");
        settings.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", Integer.toString(threads));
        settings.setProperty("org.quartz.threadPool.threadCount", Integer.toString(threads));
        settings.setProperty("org.quartz.threadPool.threadNamePrefix", "rt-scheduler");
        settings.setProperty("org.quartz.threadPool.makeThreadsDaemons", "true");
        settings.setProperty("org.quartz.jobStore.misfireThreshold", "1000");
        boolean clustered = config.sections().schedulerCluster().isPresent();
        config.sections().schedulerCluster().ifPresent(cluster -> settings.putAll(ClusterStore.open(cluster, threads)));
        Scheduler quartz = null;
        try {
            quartz = new StdSchedulerFactory(settings).getScheduler();
            quartz.setJobFactory((bundle, scheduler) -> {
                CallbackRunner runner = runners.get(bundle.getJobDetail().getKey().getName());
                return runner != null ? new CallbackJob(runner, log) : context -> log.error("Scheduler \""
                        + context.getJobDetail().getKey().getName() + "\" is not in this runtime's configuration");
            });
            quartz.getListenerManager().addSchedulerListener(new SchedulerListenerSupport() {
                @Override
                public void schedulerError(String message, SchedulerException cause) {
                    log.error("The scheduler: " + message + ": " + cause.getMessage());
                }
            });
            QuartzJobScheduler scheduler = new QuartzJobScheduler(quartz, runners,
                    clustered ? Optional.empty() : Optional.of(pausedJobs), shutdown, inFlight, log);
            scheduler.register();
            quartz.start();
            return scheduler;
        } catch (SchedulerException e) {
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

    /** Schedules every job, keeping what the store has of a job whose cron is unchanged; drops the others. */
    private void register() throws SchedulerException {
        for (CallbackRunner runner : runners.values()) {
            SchedulerJobConfig job = runner.job();
            log.info("Configuring scheduler \"" + job.name() + "\" with cron \"" + job.cron() + "\"");
            job.headers().keySet().stream().filter(h -> CallbackCall.RESTRICTED.contains(h.toLowerCase()))
                    .forEach(h -> log.warn("Scheduler \"" + job.name() + "\": the header \"" + h
                            + "\" is the HTTP client's to set; it is not sent"));
            JobKey key = JobKey.jobKey(job.name(), GROUP);
            List<String> crons = QuartzCron.of(CronExpression.parse(job.cron()));
            List<? extends Trigger> existing = quartz.getTriggersOfJob(key);
            Set<String> had = existing.stream().filter(t -> t instanceof CronTrigger)
                    .map(t -> ((CronTrigger) t).getCronExpression()).collect(Collectors.toSet());
            if (quartz.checkExists(key) && had.equals(Set.copyOf(crons)) && existing.size() == crons.size()) {
                continue;
            }
            boolean wasPaused = isPaused(key);
            JobDetail detail = JobBuilder.newJob(CallbackJob.class).withIdentity(key)
                    .usingJobData(CallbackJob.TWO_TRIGGERS, Boolean.toString(crons.size() > 1)).build();
            Set<Trigger> triggers = new java.util.LinkedHashSet<>();
            for (int i = 0; i < crons.size(); i++) {
                triggers.add(TriggerBuilder.newTrigger().withIdentity(job.name() + "#" + i, GROUP).forJob(key)
                        .withSchedule(CronScheduleBuilder.cronSchedule(crons.get(i)).inTimeZone(TimeZone.getTimeZone("UTC"))
                                .withMisfireHandlingInstructionDoNothing()).build());
            }
            quartz.scheduleJob(detail, triggers, true);
            if (wasPaused) {
                pauseTriggers(key);
            }
        }
        for (JobKey stale : quartz.getJobKeys(GroupMatcher.jobGroupEquals(GROUP))) {
            if (!runners.containsKey(stale.getName())) {
                quartz.deleteJob(stale);
            }
        }
        if (paused.isPresent()) {
            for (String name : runners.keySet()) {
                if (paused.get().contains(name)) {
                    pauseTriggers(JobKey.jobKey(name, GROUP));
                }
            }
        }
    }

    @Override
    public List<JobStatus> jobs() {
        return runners.keySet().stream().map(this::status).toList();
    }

    @Override
    public synchronized JobStatus pause(String name) {
        runner(name);
        JobKey key = JobKey.jobKey(name, GROUP);
        try {
            if (!isPaused(key)) {
                pauseTriggers(key);
                paused.ifPresent(p -> p.paused(name));
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
        JobKey key = JobKey.jobKey(name, GROUP);
        try {
            if (isPaused(key)) {
                for (Trigger trigger : quartz.getTriggersOfJob(key)) {
                    quartz.resumeTrigger(trigger.getKey());
                }
                paused.ifPresent(p -> p.resumed(name));
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
        try {
            if (!inFlight.awaitNone(grace)) {
                log.warn("A scheduler job was still running after " + grace.toMillis()
                        + " ms (gracefulShutdown.service); it is abandoned");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            quartz.shutdown(false);
        } catch (SchedulerException e) {
            log.warn("The scheduler did not shut down cleanly: " + e.getMessage());
        }
    }

    private JobStatus status(String name) {
        CallbackRunner runner = runner(name);
        JobKey key = JobKey.jobKey(name, GROUP);
        try {
            boolean isPaused = isPaused(key);
            Optional<Instant> next = isPaused ? Optional.empty() : quartz.getTriggersOfJob(key).stream()
                    .map(Trigger::getNextFireTime).filter(Objects::nonNull).min(Date::compareTo).map(Date::toInstant);
            return new JobStatus(runner.job(), isPaused, runner.lastExecutedAt(), runner.lastStatus(), next);
        } catch (SchedulerException e) {
            throw failed("read", name, e);
        }
    }

    private boolean isPaused(JobKey key) throws SchedulerException {
        for (Trigger trigger : quartz.getTriggersOfJob(key)) {
            if (quartz.getTriggerState(trigger.getKey()) == Trigger.TriggerState.PAUSED) {
                return true;
            }
        }
        return false;
    }

    private void pauseTriggers(JobKey key) throws SchedulerException {
        for (Trigger trigger : quartz.getTriggersOfJob(key)) {
            quartz.pauseTrigger(trigger.getKey());
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
