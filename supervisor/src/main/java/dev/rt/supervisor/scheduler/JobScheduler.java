package dev.rt.supervisor.scheduler;

import dev.rt.auth.forward.IdentitySeal;
import dev.rt.config.RuntimeConfig;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.List;

/**
 * The runtime's scheduler, as the supervisor and the management API see it. Jobs fire once it has
 * {@linkplain #start started}; {@link #shutdown} stops them first when the runtime stops.
 */
public interface JobScheduler {
    /** Every enabled job, in configuration order. */
    List<JobStatus> jobs();

    /** Stops the job's firings (it may still {@linkplain #run run}); a paused job stays paused. */
    JobStatus pause(String name);

    /** Lets a paused job fire again. */
    JobStatus resume(String name);

    /** Runs the job now, paused or not, and returns once its last attempt is over. */
    RunResult run(String name);

    /**
     * Fires nothing more, lets the calls in flight finish within {@code grace} (no retry starts meanwhile), then stops
     * its threads and releases its database connections. Safe to call more than once.
     */
    void shutdown(Duration grace);

    /**
     * Starts the scheduler of {@code config}'s enabled jobs, calling out on {@code loops}' event loops and
     * {@code *.rt.local} URLs through the mesh proxy at {@code meshPort} as the runtime's own identity sealed with
     * {@code identity}, counting runs in {@code registry}, pausing at once the jobs {@code paused} names.
     *
     * @throws dev.rt.config.error.RtException {@code RT_SCHEDULER_START_FAILED} when it cannot start (a database that
     *                                   refuses connections)
     */
    static JobScheduler start(RuntimeConfig config, ProxyEventLoops loops, int meshPort, IdentitySeal identity,
            RuntimeLog log, PrometheusRegistry registry, PausedJobs paused) {
        return QuartzJobScheduler.start(config, loops, meshPort, identity, log, registry, paused);
    }

    /** Whether {@code config} has a job to schedule; without one, nothing of the scheduler is loaded. */
    static boolean needed(RuntimeConfig config) {
        return config.sections().scheduler().stream().anyMatch(job -> job.enabled());
    }
}
