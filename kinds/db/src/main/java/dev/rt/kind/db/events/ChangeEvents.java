package dev.rt.kind.db.events;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The change events of one db service in one worker. {@link #publish} takes the changes of a commit in this worker:
 * they reach this worker's listeners and the relay to the service's other workers; {@link #deliver} takes those
 * that arrived from another worker. Listeners run one at a time, in commit order, on a thread of the events' own
 * (they may read the database), never on the thread that committed.
 */
public final class ChangeEvents implements AutoCloseable {
    /** Hears the key of each row of one entity saved, or deleted. */
    public interface Listener {
        void changed(Object key);

        /** Hears the change itself (a deleted row comes with its fields); by default its key. */
        default void changed(Change change) {
            changed(change.key());
        }
    }

    private final Map<String, Set<Listener>> listeners = new ConcurrentHashMap<>();
    private final ExecutorService delivery = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "rt-db-events");
        thread.setDaemon(true);
        return thread;
    });
    private volatile Consumer<List<Change>> relay = changes -> {
    };

    /** The changes a commit in this worker made: to its listeners and to the other workers. */
    public void publish(List<Change> changes) {
        if (changes.isEmpty()) {
            return;
        }
        deliver(changes);
        relay.accept(changes);
    }

    /** Changes to hand to this worker's listeners only: those another worker committed. */
    public void deliver(List<Change> changes) {
        try {
            delivery.execute(() -> changes.forEach(this::notify));
        } catch (RejectedExecutionException closed) {
            // the service is stopping: no listener is left to hear it
        }
    }

    /** Where this worker's changes go besides its own listeners (the service's other workers). */
    public void relayTo(Consumer<List<Change>> relay) {
        this.relay = relay;
    }

    /** Listens to the changes of {@code entity} (its singular name) of one kind until the returned handle closes. */
    public AutoCloseable listen(String entity, Change.Action action, Listener listener) {
        Set<Listener> set = listeners.computeIfAbsent(topic(entity, action), t -> ConcurrentHashMap.newKeySet());
        set.add(listener);
        changed();
        return () -> {
            set.remove(listener);
            changed();
        };
    }

    /** How many listeners there are, across entities and actions. */
    public int listeners() {
        return listeners.values().stream().mapToInt(Set::size).sum();
    }

    /**
     * Waits until there are {@code expected} listeners, for a caller that must know a subscription (or its end) took
     * effect on the socket's threads.
     *
     * @return whether there were, before {@code timeout}
     */
    public synchronized boolean awaitListeners(int expected, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); listeners() != expected; left = deadline - System.nanoTime()) {
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    @Override
    public void close() {
        delivery.shutdownNow();
        listeners.clear();
        changed();
    }

    private synchronized void changed() {
        notifyAll();
    }

    private void notify(Change change) {
        Set<Listener> set = listeners.get(topic(change.entity(), change.action()));
        if (set != null) {
            set.forEach(listener -> listener.changed(change));
        }
    }

    private static String topic(String entity, Change.Action action) {
        return entity + "/" + action;
    }
}
