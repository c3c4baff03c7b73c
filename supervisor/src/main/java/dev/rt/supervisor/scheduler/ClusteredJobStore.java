package dev.rt.supervisor.scheduler;

import dev.rt.config.CronExpression;
import dev.rt.config.SchedulerJobConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TimeZone;
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
import org.quartz.impl.matchers.GroupMatcher;

/**
 * Jobs in the cluster's database: one Quartz job per job, with its triggers and their paused state, shared by every
 * replica. A replica that starts keeps what the database has of a job whose cron is unchanged, replaces (and pauses
 * again, if it was) one whose cron changed, and drops the jobs no longer configured.
 */
final class ClusteredJobStore implements JobStore {
    private final Scheduler quartz;
    private final Map<String, CallbackRunner> runners;
    private final RuntimeLog log;

    ClusteredJobStore(Scheduler quartz, Map<String, CallbackRunner> runners, RuntimeLog log) {
        this.quartz = quartz;
        this.runners = runners;
        this.log = log;
    }

    @Override
    public void register() throws SchedulerException {
        quartz.setJobFactory((bundle, scheduler) -> {
            CallbackRunner runner = runners.get(bundle.getJobDetail().getKey().getName());
            return runner != null ? new CallbackJob(runner, log) : context -> log.error("Scheduler \""
                    + context.getJobDetail().getKey().getName() + "\" is not in this runtime's configuration");
        });
        for (CallbackRunner runner : runners.values()) {
            SchedulerJobConfig job = runner.job();
            log.info("Configuring scheduler \"" + job.name() + "\" with cron \"" + job.cron() + "\"");
            JobKey key = key(job.name());
            List<String> crons = QuartzCron.of(CronExpression.parse(job.cron()));
            List<? extends Trigger> existing = quartz.getTriggersOfJob(key);
            Set<String> had = existing.stream().filter(t -> t instanceof CronTrigger)
                    .map(t -> ((CronTrigger) t).getCronExpression()).collect(Collectors.toSet());
            if (quartz.checkExists(key) && had.equals(Set.copyOf(crons)) && existing.size() == crons.size()) {
                continue;
            }
            boolean wasPaused = isPaused(job.name());
            JobDetail detail = JobBuilder.newJob(CallbackJob.class).withIdentity(key)
                    .usingJobData(CallbackJob.TWO_TRIGGERS, Boolean.toString(crons.size() > 1)).build();
            Set<Trigger> triggers = new LinkedHashSet<>();
            for (int i = 0; i < crons.size(); i++) {
                triggers.add(TriggerBuilder.newTrigger().withIdentity(job.name() + "#" + i, key.getGroup()).forJob(key)
                        .withSchedule(CronScheduleBuilder.cronSchedule(crons.get(i)).inTimeZone(TimeZone.getTimeZone("UTC"))
                                .withMisfireHandlingInstructionDoNothing()).build());
            }
            quartz.scheduleJob(detail, triggers, true);
            if (wasPaused) {
                pause(job.name());
            }
        }
        for (JobKey stale : quartz.getJobKeys(GroupMatcher.jobGroupEquals(QuartzJobScheduler.GROUP))) {
            if (!runners.containsKey(stale.getName())) {
                quartz.deleteJob(stale);
            }
        }
    }

    @Override
    public boolean isPaused(String name) throws SchedulerException {
        for (Trigger trigger : quartz.getTriggersOfJob(key(name))) {
            if (quartz.getTriggerState(trigger.getKey()) == Trigger.TriggerState.PAUSED) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void pause(String name) throws SchedulerException {
        for (Trigger trigger : quartz.getTriggersOfJob(key(name))) {
            quartz.pauseTrigger(trigger.getKey());
        }
    }

    @Override
    public void resume(String name) throws SchedulerException {
        for (Trigger trigger : quartz.getTriggersOfJob(key(name))) {
            quartz.resumeTrigger(trigger.getKey());
        }
    }

    @Override
    public Optional<Instant> nextRun(String name) throws SchedulerException {
        if (isPaused(name)) {
            return Optional.empty();
        }
        return quartz.getTriggersOfJob(key(name)).stream().map(Trigger::getNextFireTime).filter(Objects::nonNull)
                .min(Date::compareTo).map(Date::toInstant);
    }

    private static JobKey key(String name) {
        return JobKey.jobKey(name, QuartzJobScheduler.GROUP);
    }
}
