package dev.rt.kind.db.graphql;

import dev.rt.kind.db.events.Change;
import dev.rt.kind.db.events.ChangeEvents;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * The rows of one subscription ({@code movieSaved}, {@code movieDeleted}) as a Reactive Streams publisher: each
 * subscriber listens to the entity's changes from its {@code subscribe} to its {@code cancel}, and gets the row each
 * key becomes ({@code row}: read back for a save, the key alone for a delete; empty skips the change, a row deleted
 * again before it was read, say). Rows wait for the subscriber's demand; a subscriber that lets more than
 * {@value #BACKLOG} wait is cancelled with an error.
 */
final class ChangeStream implements Publisher<Map<String, Object>> {
    static final int BACKLOG = 10_000;

    private final ChangeEvents events;
    private final String entity;
    private final Change.Action action;
    private final Function<Change, Optional<Map<String, Object>>> row;

    ChangeStream(ChangeEvents events, String entity, Change.Action action,
            Function<Change, Optional<Map<String, Object>>> row) {
        this.events = events;
        this.entity = entity;
        this.action = action;
        this.row = row;
    }

    @Override
    public void subscribe(Subscriber<? super Map<String, Object>> subscriber) {
        Listening listening = new Listening(subscriber);
        subscriber.onSubscribe(listening);
        AutoCloseable handle = events.listen(entity, action, listening);
        listening.handle(handle);
    }

    private final class Listening implements Subscription, ChangeEvents.Listener {
        private final Subscriber<? super Map<String, Object>> subscriber;
        private final Queue<Map<String, Object>> waiting = new ConcurrentLinkedQueue<>();
        private final AtomicLong demand = new AtomicLong();
        private final AtomicInteger draining = new AtomicInteger();
        private volatile boolean cancelled;
        private volatile AutoCloseable handle;

        Listening(Subscriber<? super Map<String, Object>> subscriber) {
            this.subscriber = subscriber;
        }

        void handle(AutoCloseable handle) {
            this.handle = handle;
            if (cancelled) {
                close();
            }
        }

        @Override
        public void changed(Object key) {
            changed(new Change(entity, action, key));
        }

        @Override
        public void changed(Change change) {
            if (cancelled) {
                return;
            }
            Optional<Map<String, Object>> found;
            try {
                found = row.apply(change);
            } catch (RuntimeException e) {
                return; // the row could not be read: this change is skipped, the subscription goes on
            }
            if (found.isEmpty()) {
                return;
            }
            if (waiting.size() >= BACKLOG) {
                cancel();
                subscriber.onError(new IllegalStateException("the subscriber fell " + BACKLOG
                        + " changes behind; subscribe again"));
                return;
            }
            waiting.add(found.get());
            drain();
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                cancel();
                subscriber.onError(new IllegalArgumentException("request(" + n + "): demand must be positive"));
                return;
            }
            demand.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
            drain();
        }

        @Override
        public void cancel() {
            cancelled = true;
            waiting.clear();
            close();
        }

        private void close() {
            AutoCloseable h = handle;
            if (h != null) {
                try {
                    h.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }

        private void drain() {
            if (draining.getAndIncrement() != 0) {
                return;
            }
            do {
                while (!cancelled && demand.get() > 0) {
                    Map<String, Object> next = waiting.poll();
                    if (next == null) {
                        break;
                    }
                    demand.decrementAndGet();
                    subscriber.onNext(next);
                }
            } while (draining.decrementAndGet() != 0);
        }
    }
}
