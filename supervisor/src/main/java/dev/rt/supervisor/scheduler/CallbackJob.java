package dev.rt.supervisor.scheduler;

import dev.rt.supervisor.log.Level;
import dev.rt.supervisor.log.RuntimeLog;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobDataMap;
import org.quartz.JobExecutionContext;
import org.quartz.PersistJobDataAfterExecution;

/**
 * One firing of a job, as Quartz runs it: never two of the same job at once, on any replica
 * ({@link DisallowConcurrentExecution}). A job with two triggers (both day fields restricted) remembers the instant
 * it last fired for, so that the day both triggers match runs once.
 */
@DisallowConcurrentExecution
@PersistJobDataAfterExecution
final class CallbackJob implements Job {
    static final String TWO_TRIGGERS = "twoTriggers";
    static final String LAST_FIRE = "lastFire";

    private final CallbackRunner runner;
    private final RuntimeLog log;

    CallbackJob(CallbackRunner runner, RuntimeLog log) {
        this.runner = runner;
        this.log = log;
    }

    @Override
    public void execute(JobExecutionContext context) {
        JobDataMap data = context.getJobDetail().getJobDataMap();
        if ("true".equals(data.getString(TWO_TRIGGERS))) {
            String fire = Long.toString(context.getScheduledFireTime().getTime());
            if (fire.equals(data.getString(LAST_FIRE))) {
                return;
            }
            data.put(LAST_FIRE, fire);
        }
        log.queue(Level.INFO, "Executing scheduler \"" + runner.job().name() + "\"");
        runner.run();
    }
}
