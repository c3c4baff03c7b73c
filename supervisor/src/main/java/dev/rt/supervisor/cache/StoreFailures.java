package dev.rt.supervisor.cache;

import dev.rt.supervisor.log.Level;
import dev.rt.supervisor.log.RuntimeLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * What the cache does when its store fails (Redis unreachable, refusing, slow): each failed operation counts in
 * {@code rt_http_cache_store_errors_total}, and the runtime log says so at warn level, the first failure at once and
 * then at most once every {@link #INTERVAL} with the number of failures in between; once the store answers again,
 * one info line says so. The request that met the failure goes on to its service (a lookup is a miss).
 */
final class StoreFailures {
    static final Duration INTERVAL = Duration.ofSeconds(30);

    private final LongAdder count;
    private final RuntimeLog log;
    private final String store;
    private final LongSupplier nanoClock;
    private volatile boolean failing;
    private long lastMessage;
    private long unreported;

    StoreFailures(LongAdder count, RuntimeLog log, String store, LongSupplier nanoClock) {
        this.count = count;
        this.log = log;
        this.store = store;
        this.nanoClock = nanoClock;
    }

    StoreFailures(LongAdder count, RuntimeLog log, String store) {
        this(count, log, store, System::nanoTime);
    }

    /** One operation failed: {@code doing} is what it was ("look up a response"). */
    void failed(String doing, Throwable error) {
        count.increment();
        String message;
        synchronized (this) {
            long now = nanoClock.getAsLong();
            unreported++;
            if (failing && now - lastMessage < INTERVAL.toNanos()) {
                return;
            }
            message = "The HTTP cache's store " + store + " failed to " + doing + ": " + reason(error)
                    + (unreported > 1 ? " (" + unreported + " failures since the last message)" : "")
                    + "; requests go to their services meanwhile";
            failing = true;
            lastMessage = now;
            unreported = 0;
        }
        log.queue(Level.WARN, message);
    }

    /** One operation succeeded: after failures, the log says the store answers again. */
    void succeeded() {
        if (!failing) {
            return;
        }
        String message;
        synchronized (this) {
            if (!failing) {
                return;
            }
            failing = false;
            message = "The HTTP cache's store " + store + " answers again"
                    + (unreported > 0 ? " (" + unreported + " more failures before it did)" : "");
            unreported = 0;
        }
        log.queue(Level.INFO, message);
    }

    /**
     * The messages of the error and its causes, a cause's left out when one before says it already: Lettuce wraps
     * the socket's reason ({@code Unable to connect to host:port: Connection refused: /host:port}).
     */
    static String reason(Throwable error) {
        Throwable at = error;
        while ((at instanceof CompletionException || at instanceof ExecutionException) && at.getCause() != null) {
            at = at.getCause();
        }
        List<String> messages = new ArrayList<>();
        for (int depth = 0; at != null && depth < 8; at = at.getCause(), depth++) {
            String message = at.getMessage() == null ? at.getClass().getSimpleName() : at.getMessage();
            if (messages.stream().noneMatch(before -> before.contains(message))) {
                messages.add(message);
            }
        }
        return String.join(": ", messages);
    }
}
