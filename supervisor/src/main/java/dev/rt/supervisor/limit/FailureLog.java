package dev.rt.supervisor.limit;

import dev.rt.supervisor.log.RuntimeLog;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Says that the store could not count a request (Redis down or slow), at most once a minute, so that a Redis outage
 * under load writes one line a minute rather than one per request.
 */
final class FailureLog implements Consumer<Throwable> {
    private static final long EVERY = TimeUnit.MINUTES.toNanos(1);

    private final RuntimeLog log;
    private final AtomicLong next = new AtomicLong(System.nanoTime());

    FailureLog(RuntimeLog log) {
        this.log = log;
    }

    @Override
    public void accept(Throwable failed) {
        long due = next.get();
        long now = System.nanoTime();
        if (now - due >= 0 && next.compareAndSet(due, now + EVERY)) {
            Throwable cause = failed instanceof CompletionException && failed.getCause() != null
                    ? failed.getCause() : failed;
            log.warn("The rate limit's store could not count a request (" + cause.getMessage()
                    + "): requests are let through uncounted until it answers");
        }
    }
}
