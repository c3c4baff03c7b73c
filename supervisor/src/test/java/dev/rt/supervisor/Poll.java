package dev.rt.supervisor;

import dev.rt.kind.testing.Await;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Waiting for a condition that sends no event (a periodic report, an external server, a counter another thread
 * moves), by asking again every {@code interval} until {@code limit} ({@link Await}: Awaitility on the calling
 * thread): the one place these tests poll. A check that throws ends the wait with its exception.
 */
public final class Poll {
    private Poll() {
    }

    /** The first value {@code check} gives within {@code limit}; else the failure {@code timedOut} describes. */
    public static <T> T until(Duration limit, Duration interval, Callable<Optional<T>> check, Callable<String> timedOut)
            throws Exception {
        AtomicReference<T> found = new AtomicReference<>();
        try {
            Await.atMost(limit).pollInterval(interval).until(() -> {
                Optional<T> value = check.call();
                value.ifPresent(found::set);
                return value.isPresent();
            });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(timedOut.call(), e);
        }
        return found.get();
    }

    /** Waits until {@code condition} holds, asking every 10 ms; else fails with what {@code timedOut} says. */
    public static void until(Duration limit, Callable<Boolean> condition, Callable<String> timedOut) throws Exception {
        until(limit, Duration.ofMillis(10), () -> condition.call() ? Optional.of(true) : Optional.empty(), timedOut);
    }
}
