package dev.rt.supervisor.scheduler;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The waits before retries, on a timer rather than on a thread each: a wait ends after its delay, or at once when
 * the scheduler {@linkplain #endAll shuts down} (its task then finds the shutdown and starts no attempt).
 */
final class RetryWaits {
    private final ScheduledExecutorService timer;
    private final Set<Runnable> waiting = ConcurrentHashMap.newKeySet();
    private volatile boolean ended;

    RetryWaits(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /** Runs {@code task} once, after {@code delayMillis} or at shutdown, whichever comes first. */
    void after(long delayMillis, Runnable task) {
        AtomicBoolean ran = new AtomicBoolean();
        Runnable once = new Runnable() {
            @Override
            public void run() {
                if (ran.compareAndSet(false, true)) {
                    waiting.remove(this);
                    task.run();
                }
            }
        };
        waiting.add(once);
        if (ended) {
            once.run();
            return;
        }
        try {
            timer.schedule(once, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopping) {
            once.run();
        }
    }

    /** Ends every wait now, and every wait asked for from now on. */
    void endAll() {
        ended = true;
        for (Runnable task : waiting) {
            task.run();
        }
    }
}
