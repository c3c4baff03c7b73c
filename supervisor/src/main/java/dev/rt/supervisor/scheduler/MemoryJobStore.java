package dev.rt.supervisor.scheduler;

import dev.rt.config.CronExpression;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.quartz.CronScheduleBuilder;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;

/**
 * Jobs in memory: one Quartz job per distinct cron expression, whose firing starts each of its jobs that is not
 * paused ({@link CallbackRunner#fire}), so that a thousand jobs on one expression cost one Quartz firing. The jobs of
 * a firing are shared out among the threads of {@code firing} (one per processor), so that the last of a thousand
 * does not wait for the other 999 on one thread. Paused jobs are {@link PausedJobs}'s, which outlive the scheduler.
 */
final class MemoryJobStore implements JobStore {
    private final Scheduler quartz;
    private final Map<String, CallbackRunner> runners;
    private final PausedJobs paused;
    private final Executor firing;
    private final int firingThreads;
    private final RuntimeLog log;
    private final Map<String, JobKey> groupOf = new LinkedHashMap<>();

    MemoryJobStore(Scheduler quartz, Map<String, CallbackRunner> runners, PausedJobs paused, Executor firing,
            int firingThreads, RuntimeLog log) {
        this.firing = firing;
        this.firingThreads = firingThreads;
        this.quartz = quartz;
        this.runners = runners;
        this.paused = paused;
        this.log = log;
    }

    @Override
    public void register() throws SchedulerException {
        Map<List<String>, List<CallbackRunner>> byCron = new LinkedHashMap<>();
        for (CallbackRunner runner : runners.values()) {
            log.info("Configuring scheduler \"" + runner.job().name() + "\" with cron \"" + runner.job().cron() + "\"");
            byCron.computeIfAbsent(QuartzCron.of(CronExpression.parse(runner.job().cron())), c -> new ArrayList<>())
                    .add(runner);
        }
        Map<JobKey, List<CallbackRunner>> groups = new LinkedHashMap<>();
        int n = 0;
        for (Map.Entry<List<String>, List<CallbackRunner>> group : byCron.entrySet()) {
            JobKey key = JobKey.jobKey("cron-" + n++, QuartzJobScheduler.GROUP);
            groups.put(key, List.copyOf(group.getValue()));
            group.getValue().forEach(runner -> groupOf.put(runner.job().name(), key));
            Set<Trigger> triggers = new LinkedHashSet<>();
            for (int i = 0; i < group.getKey().size(); i++) {
                triggers.add(TriggerBuilder.newTrigger().withIdentity(key.getName() + "#" + i, key.getGroup())
                        .forJob(key).withSchedule(CronScheduleBuilder.cronSchedule(group.getKey().get(i))
                                .inTimeZone(TimeZone.getTimeZone("UTC")).withMisfireHandlingInstructionDoNothing())
                        .build());
            }
            quartz.scheduleJob(JobBuilder.newJob(Job.class).withIdentity(key).build(), triggers, true);
        }
        quartz.setJobFactory((bundle, scheduler) -> {
            List<CallbackRunner> group = groups.get(bundle.getJobDetail().getKey());
            return context -> {
                long fire = context.getScheduledFireTime().getTime();
                int shares = Math.min(firingThreads, group.size());
                for (int share = 0; share < shares; share++) {
                    int first = share;
                    try {
                        firing.execute(() -> fire(group, first, shares, fire));
                    } catch (RejectedExecutionException stopped) {
                        return; // the scheduler has shut down
                    }
                }
            };
        });
    }

    /** Fires every {@code step}-th job of {@code group} from {@code first}. */
    private void fire(List<CallbackRunner> group, int first, int step, long fireMillis) {
        for (int i = first; i < group.size(); i += step) {
            CallbackRunner runner = group.get(i);
            String name = runner.job().name();
            if (!paused.contains(name)) {
                runner.fire(fireMillis, () -> paused.contains(name));
            }
        }
    }

    @Override
    public boolean isPaused(String name) {
        return paused.contains(name);
    }

    @Override
    public void pause(String name) {
        paused.paused(name);
    }

    @Override
    public void resume(String name) {
        paused.resumed(name);
    }

    @Override
    public Optional<Instant> nextRun(String name) throws SchedulerException {
        if (paused.contains(name)) {
            return Optional.empty();
        }
        return quartz.getTriggersOfJob(groupOf.get(name)).stream().map(Trigger::getNextFireTime)
                .filter(Objects::nonNull).min(Date::compareTo).map(Date::toInstant);
    }
}
