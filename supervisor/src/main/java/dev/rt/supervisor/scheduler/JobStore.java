package dev.rt.supervisor.scheduler;

import java.time.Instant;
import java.util.Optional;
import org.quartz.SchedulerException;

/** Where the jobs' triggers live and where their paused state is kept: in memory, or in the cluster's database. */
interface JobStore {
    /** Schedules every job, before the scheduler starts. */
    void register() throws SchedulerException;

    boolean isPaused(String name) throws SchedulerException;

    void pause(String name) throws SchedulerException;

    void resume(String name) throws SchedulerException;

    /** When the job fires next, when it is not paused. */
    Optional<Instant> nextRun(String name) throws SchedulerException;
}
