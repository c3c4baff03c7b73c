package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.protocol.Stats;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Where the ELU of a Stats sample comes from, and that its heap figures are ordered. */
class StatsReporterTest {

    /** An application whose request threads report a fixed utilisation. */
    private static RunningApplication hosted(Optional<Utilisation> requestThreads) {
        return new RunningApplication() {
            @Override
            public int port() {
                return 1;
            }

            @Override
            public Optional<Utilisation> requestThreads() {
                return requestThreads;
            }

            @Override
            public void stop(Duration deadline) {
            }
        };
    }

    @Test
    void eluComesFromTheRequestThreadsWhenTheAgentHostsThem() {
        AtomicLong clock = new AtomicLong();
        Utilisation halfBusy = new Utilisation(() -> clock.get() / 2, 1, clock::get);
        clock.set(1_000_000);

        Stats stats = new StatsReporter(hosted(Optional.of(halfBusy))).sample();

        assertThat(stats.elu()).isEqualTo(0.5);
        assertThat(stats.cpu()).isBetween(0.0, 1.0);
    }

    @Test
    void eluIsTheCpuFractionForAWrappedApplicationAndHeapFiguresAreOrdered() {
        Stats stats = new StatsReporter(hosted(Optional.empty())).sample();

        assertThat(stats.elu()).isEqualTo(stats.cpu());
        assertThat(stats.heapUsed()).isPositive();
        assertThat(stats.heapTotal()).isGreaterThanOrEqualTo(stats.heapUsed());
        assertThat(stats.heapMax()).isGreaterThanOrEqualTo(stats.heapTotal());
    }
}
