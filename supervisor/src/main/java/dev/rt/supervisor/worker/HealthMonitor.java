package dev.rt.supervisor.worker;

import dev.rt.config.HealthConfig;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Runs each started worker's health checks on the supervisor loop: the first
 * {@code gracePeriod} after it became ready, then every {@code interval} (at least one second), each a
 * {@link HealthCheck} of its latest figures. {@code maxUnhealthyChecks} unhealthy checks in a row hand the
 * worker to {@code replace}. Checks end when the worker is no longer started or is being replaced.
 */
final class HealthMonitor {
    static final Duration MIN_INTERVAL = Duration.ofSeconds(1);

    private final SupervisorLoop loop;
    private final RuntimeLog log;
    private final Duration statsInterval;
    private final Consumer<Worker> replace;

    HealthMonitor(SupervisorLoop loop, RuntimeLog log, Duration statsInterval, Consumer<Worker> replace) {
        this.loop = loop;
        this.log = log;
        this.statsInterval = statsInterval;
        this.replace = replace;
    }

    /** Starts checking a worker that has just become ready. Called on the loop. */
    void watch(Worker worker) {
        HealthConfig health = worker.service.health();
        Duration interval = health.interval();
        if (interval.compareTo(MIN_INTERVAL) < 0) {
            log.warn("The health check interval for the \"" + worker.describe() + "\" is set to " + interval.toMillis()
                    + "ms. The minimum health check interval is 1s. It will be set to 1000ms.");
            interval = MIN_INTERVAL;
        }
        Duration every = interval;
        loop.postAfter(Duration.ofMillis(Math.max(1, health.gracePeriod().toMillis())), () -> check(worker, every));
    }

    private void check(Worker worker, Duration interval) {
        if (worker.state != WorkerState.STARTED || worker.replacement != null) {
            return;
        }
        HealthConfig health = worker.service.health();
        long now = System.nanoTime();
        long since = worker.lastStats == null ? worker.readyAtNanos : worker.lastStatsAtNanos;
        HealthCheck.Verdict verdict = HealthCheck.judge(worker.describe(), worker.lastStats,
                Duration.ofNanos(now - since), statsInterval, health);
        if (verdict.unhealthy()) {
            worker.unhealthyChecks++;
            for (String problem : verdict.problems()) {
                log.error(problem + " Unhealthy check " + worker.unhealthyChecks + "/" + health.maxUnhealthyChecks() + ".");
            }
            if (worker.unhealthyChecks >= health.maxUnhealthyChecks()) {
                log.error("The " + worker.describe() + " is unhealthy. Replacing it ...");
                replace.accept(worker);
                return;
            }
        } else if (verdict.judged()) {
            worker.unhealthyChecks = 0;
        }
        loop.postAfter(interval, () -> check(worker, interval));
    }
}
