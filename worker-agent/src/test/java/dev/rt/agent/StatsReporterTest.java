package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.protocol.Stats;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Where the ELU of a Stats sample comes from, and that its heap figures are ordered. */
class StatsReporterTest {

    @Test
    void eluIsTheRequestThreadsBusyFractionWhenItIsAboveTheCpuFraction() {
        AtomicLong clock = new AtomicLong();
        Utilisation fullyBusy = new Utilisation(clock::get, 1, clock::get);
        clock.set(1_000_000);

        Stats stats = new StatsReporter(Optional.of(fullyBusy)).sample();

        assertThat(stats.elu()).isEqualTo(1.0);
        assertThat(stats.cpu()).isBetween(0.0, 1.0);
    }

    @Test
    void eluIsTheCpuFractionWhenTheRequestThreadsAreIdle() throws Exception {
        AtomicLong clock = new AtomicLong();
        Utilisation idle = new Utilisation(() -> 0, 1, clock::get);
        StatsReporter reporter = new StatsReporter(Optional.of(idle));
        burnCpu(Duration.ofMillis(200));
        clock.set(1_000_000);

        Stats stats = reporter.sample();

        assertThat(stats.cpu()).isPositive();
        assertThat(stats.elu()).isEqualTo(stats.cpu());
    }

    private static void burnCpu(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long sink = 0;
        while (System.nanoTime() < end) {
            sink += sink * 31 + 7;
        }
        assertThat(sink).isNotEqualTo(1);
    }

    @Test
    void eluIsTheCpuFractionForAWrappedApplicationAndHeapFiguresAreOrdered() {
        Stats stats = new StatsReporter(Optional.empty()).sample();

        assertThat(stats.elu()).isEqualTo(stats.cpu());
        assertThat(stats.heapUsed()).isPositive();
        assertThat(stats.heapTotal()).isGreaterThanOrEqualTo(stats.heapUsed());
        assertThat(stats.heapMax()).isGreaterThanOrEqualTo(stats.heapTotal());
    }
}
