package dev.rt.supervisor.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private static final Duration QUICK = Duration.ofMillis(500);

    private static List<Long> delays(Backoff backoff, int deaths, Duration uptime) {
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < deaths; i++) {
            delays.add(backoff.next(uptime).toMillis());
        }
        return delays;
    }

    @Test
    void productionCrashLoopRestartsAtOnceThenDoublesFrom100MsUpTo10Seconds() {
        assertThat(delays(new Backoff(Duration.ZERO), 11, QUICK))
                .containsExactly(0L, 100L, 200L, 400L, 800L, 1600L, 3200L, 6400L, 10_000L, 10_000L, 10_000L);
    }

    @Test
    void workersThatRanLongEnoughAreRestartedAfterTheConfiguredDelayEveryTime() {
        assertThat(delays(new Backoff(Duration.ofMillis(300)), 4, Backoff.STABLE)).containsOnly(300L);
    }

    @Test
    void oneStableWorkerResetsTheBackoff() {
        Backoff backoff = new Backoff(Duration.ZERO);
        delays(backoff, 5, QUICK);

        assertThat(backoff.next(Backoff.STABLE.plusMillis(1))).isZero();
        assertThat(delays(backoff, 3, QUICK)).containsExactly(0L, 100L, 200L);
    }

    @Test
    void aConfiguredDelayLongerThanTheFloorIsWhereDoublingStartsAndALongerOneIsTheCap() {
        assertThat(delays(new Backoff(Duration.ofMillis(5000)), 4, QUICK)).containsExactly(5000L, 5000L, 10_000L, 10_000L);
        assertThat(delays(new Backoff(Duration.ofSeconds(60)), 3, QUICK)).containsOnly(60_000L);
    }
}
