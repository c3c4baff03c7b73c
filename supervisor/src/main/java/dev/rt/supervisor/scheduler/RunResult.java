package dev.rt.supervisor.scheduler;

import java.time.Instant;

/** How one run of a job ended: after its last attempt, at {@code executedAt}. */
public record RunResult(String name, boolean success, Instant executedAt) {
}
