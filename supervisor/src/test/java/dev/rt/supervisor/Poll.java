package dev.rt.supervisor;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Waiting for a condition that sends no event (a periodic report, an external server), by asking again every
 * {@code interval} until {@code limit}: the one place these tests poll.
 */
public final class Poll {
    private Poll() {
    }

    /** The first value {@code check} gives within {@code limit}; else the failure {@code timedOut} describes. */
    public static <T> T until(Duration limit, Duration interval, Callable<Optional<T>> check, Callable<String> timedOut)
            throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<T> value = check.call();
            if (value.isPresent()) {
                return value.get();
            }
            Thread.sleep(interval.toMillis()); // nothing to wait on: ask again
        }
        throw new AssertionError(timedOut.call());
    }
}
