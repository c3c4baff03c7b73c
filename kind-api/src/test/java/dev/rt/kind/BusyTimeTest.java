package dev.rt.kind;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Busy time of request threads, counting requests in flight, on a fake clock. */
class BusyTimeTest {
    private final AtomicLong clock = new AtomicLong(100);
    private final BusyTime busyTime = new BusyTime(4, clock::get);

    @Test
    void completedRequestsAddTheirDuration() {
        long first = busyTime.begin();
        clock.addAndGet(30);
        busyTime.end(first);
        long second = busyTime.begin();
        clock.addAndGet(12);
        busyTime.end(second);

        assertThat(busyTime.totalNanos()).isEqualTo(42);
    }

    @Test
    void requestsInFlightCountUpToNow() {
        busyTime.begin();
        clock.addAndGet(10);
        busyTime.begin();
        clock.addAndGet(5);

        assertThat(busyTime.totalNanos()).isEqualTo(15 + 5);
        assertThat(busyTime.inFlight()).isEqualTo(2);
    }

    @Test
    void totalNeverGoesBackWhenAnInFlightRequestEnds() {
        long started = busyTime.begin();
        clock.addAndGet(50);
        long whileInFlight = busyTime.totalNanos();
        clock.addAndGet(1);
        busyTime.end(started);

        assertThat(busyTime.totalNanos()).isEqualTo(51).isGreaterThan(whileInFlight);
    }

    @Test
    void awaitIdleReturnsWhenTheLastRequestEnds() throws Exception {
        long started = busyTime.begin();
        CompletableFuture<Boolean> idle = CompletableFuture.supplyAsync(() -> {
            try {
                return busyTime.awaitIdle(Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(idle).isNotDone();

        busyTime.end(started);

        assertThat(idle.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void awaitIdleGivesUpAfterTheTimeout() throws Exception {
        busyTime.begin();
        assertThat(busyTime.awaitIdle(Duration.ofMillis(20))).isFalse();
    }
}
