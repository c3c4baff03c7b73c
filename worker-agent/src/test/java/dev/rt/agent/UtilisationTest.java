package dev.rt.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The busy fraction between samples, on fake clocks. */
class UtilisationTest {
    private final AtomicLong busy = new AtomicLong();
    private final AtomicLong clock = new AtomicLong(1_000);
    private final Utilisation fourThreads = new Utilisation(busy::get, 4, clock::get);

    @Test
    void fractionIsBusyTimeOverElapsedTimesCapacity() {
        clock.addAndGet(1_000_000);
        busy.addAndGet(2_000_000);
        assertThat(fourThreads.sample()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void eachSampleCoversOnlyTheTimeSinceThePreviousOne() {
        clock.addAndGet(1_000_000);
        busy.addAndGet(4_000_000);
        fourThreads.sample();

        clock.addAndGet(1_000_000);
        busy.addAndGet(1_000_000);
        assertThat(fourThreads.sample()).isCloseTo(0.25, within(1e-9));
    }

    @Test
    void fractionIsClampedToZeroAndOne() {
        clock.addAndGet(1_000);
        busy.addAndGet(1_000_000);
        assertThat(fourThreads.sample()).isEqualTo(1.0);

        clock.addAndGet(1_000);
        busy.addAndGet(-5);
        assertThat(fourThreads.sample()).isEqualTo(0.0);
    }

    @Test
    void noElapsedTimeMeansNoUse() {
        busy.addAndGet(1_000);
        assertThat(fourThreads.sample()).isEqualTo(0.0);
    }
}
