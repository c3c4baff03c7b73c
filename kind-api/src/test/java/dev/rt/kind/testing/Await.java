package dev.rt.kind.testing;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

/**
 * Awaitility as rt's tests use it, for a condition that sends no event (a file another process appends to, a
 * counter another thread moves): checked at once, then every 50 ms until the bound, on the calling thread, and
 * leaving other threads' uncaught exceptions to them. A condition that throws ends the wait with its exception.
 * Wait on an event (a log line, a latch, a future) when there is one.
 */
public final class Await {
    private Await() {
    }

    /** {@code Await.atMost(limit).until(() -> ...)}; {@code .alias(what)} names the condition in the failure. */
    public static ConditionFactory atMost(Duration limit) {
        return Awaitility.await().atMost(limit).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(50))
                .pollInSameThread().dontCatchUncaughtExceptions();
    }
}
