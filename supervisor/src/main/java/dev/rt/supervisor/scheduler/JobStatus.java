package dev.rt.supervisor.scheduler;

import dev.rt.config.SchedulerJobConfig;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One job as the management API lists it: its configuration, whether it is paused, how its last run went and
 * when it runs next (empty while paused).
 */
public record JobStatus(SchedulerJobConfig config, boolean paused, Optional<Instant> lastExecutedAt,
        Optional<String> lastStatus, Optional<Instant> nextRunAt) {
    public static final String SUCCESS = "success";
    public static final String FAILED = "failed";

    public JobStatus {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(lastExecutedAt, "lastExecutedAt");
        Objects.requireNonNull(lastStatus, "lastStatus");
        Objects.requireNonNull(nextRunAt, "nextRunAt");
    }
}
