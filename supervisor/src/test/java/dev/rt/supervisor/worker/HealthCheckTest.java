package dev.rt.supervisor.worker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.protocol.Stats;
import dev.rt.config.HealthConfig;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HealthCheckTest {
    private static final String LABEL = "worker 0 of the service \"api\"";
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final HealthConfig HEALTH = new HealthConfig(true, SECOND, SECOND, 3, 0.9, 0.5, 100L << 20,
            OptionalLong.empty());

    private static Stats stats(double elu, long heapUsedMiB) {
        return new Stats(elu, heapUsedMiB << 20, 200L << 20, 400L << 20, elu);
    }

    @Test
    void figuresWithinTheLimitsAreHealthy() {
        HealthCheck.Verdict verdict = HealthCheck.judge(LABEL, stats(0.9, 50), SECOND, SECOND, HEALTH);

        assertThat(verdict.judged()).isTrue();
        assertThat(verdict.unhealthy()).isFalse();
    }

    @Test
    void eluAboveMaxEluIsUnhealthy() {
        assertThat(HealthCheck.judge(LABEL, stats(0.9712, 10), SECOND, SECOND, HEALTH).problems()).containsExactly(
                "The worker 0 of the service \"api\" has an ELU of 97.12 %, above the maximum allowed usage of 90.00 %.");
    }

    @Test
    void heapIsMeasuredAgainstMaxHeapTotalNotAgainstTheCommittedHeap() {
        // 60 MiB used of a 100 MiB maxHeapTotal is 60 %, although it is under a third of the 200 MiB committed
        assertThat(HealthCheck.judge(LABEL, stats(0.1, 60), SECOND, SECOND, HEALTH).problems()).containsExactly(
                "The worker 0 of the service \"api\" is using 60.00 % of the memory, above the maximum allowed usage of 50.00 %.");
    }

    @Test
    void bothProblemsAreReported() {
        assertThat(HealthCheck.judge(LABEL, stats(1.0, 99), SECOND, SECOND, HEALTH).problems()).hasSize(2);
    }

    @Test
    void noFiguresYetIsNotJudged() {
        HealthCheck.Verdict verdict = HealthCheck.judge(LABEL, null, Duration.ofMillis(500), SECOND, HEALTH);

        assertThat(verdict.judged()).isFalse();
        assertThat(verdict.unhealthy()).isFalse();
    }

    @Test
    void aWorkerWhoseFiguresStoppedComingIsUnhealthy() {
        Duration old = SECOND.multipliedBy(HealthCheck.STALE_AFTER_INTERVALS).plusMillis(1);

        assertThat(HealthCheck.judge(LABEL, stats(0.1, 1), old, SECOND, HEALTH).problems()).containsExactly(
                "Health collection failed for the worker 0 of the service \"api\" (no figures for 3001 ms).");
        assertThat(HealthCheck.judge(LABEL, null, old, SECOND, HEALTH).unhealthy()).isTrue();
    }
}
