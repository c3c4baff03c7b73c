package dev.rt.kind.db.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.KindMessaging;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Two workers' events joined as the runtime joins them: what one publishes reaches the other's listeners (keys,
 * actions and order kept), never its own twice, and malformed broadcasts are dropped.
 */
class WorkerRelayTest {
    /** Messaging between two workers of one service: each one's broadcasts reach the other's listener. */
    private static final class Pair {
        final Map<String, Consumer<Object>> left = new java.util.concurrent.ConcurrentHashMap<>();
        final Map<String, Consumer<Object>> right = new java.util.concurrent.ConcurrentHashMap<>();

        KindMessaging side(Map<String, Consumer<Object>> own, Map<String, Consumer<Object>> other) {
            return new KindMessaging() {
                @Override
                public CompletableFuture<Object> send(String serviceId, String name, Object payload) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void handle(String name, Function<Object, Object> handler) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void broadcast(String name, Object payload) {
                    other.get(name).accept(payload);
                }

                @Override
                public void onBroadcast(String name, Consumer<Object> listener) {
                    own.put(name, listener);
                }
            };
        }
    }

    @Test
    void aWorkersChangesReachTheOtherWorkersListenersOnceAndInOrder() throws Exception {
        Pair pair = new Pair();
        try (ChangeEvents one = new ChangeEvents(); ChangeEvents two = new ChangeEvents()) {
            WorkerRelay.connect(one, pair.side(pair.left, pair.right));
            WorkerRelay.connect(two, pair.side(pair.right, pair.left));
            BlockingQueue<String> heardByOne = new LinkedBlockingQueue<>();
            BlockingQueue<String> heardByTwo = new LinkedBlockingQueue<>();
            for (Change.Action action : Change.Action.values()) {
                one.listen("movie", action, key -> heardByOne.add(action + " " + key));
                two.listen("movie", action, key -> heardByTwo.add(action + " " + key));
            }
            one.publish(List.of(new Change("movie", Change.Action.SAVED, 1L),
                    new Change("movie", Change.Action.DELETED, "9b2c"), new Change("movie", Change.Action.SAVED, 2L)));
            List<String> expected = List.of("SAVED 1", "DELETED 9b2c", "SAVED 2");
            assertThat(take(heardByTwo, 3)).isEqualTo(expected);
            assertThat(take(heardByOne, 3)).isEqualTo(expected);
            two.publish(List.of(new Change("movie", Change.Action.DELETED, 3L)));
            assertThat(take(heardByOne, 1)).containsExactly("DELETED 3");
            assertThat(take(heardByTwo, 1)).containsExactly("DELETED 3");
            assertThat(heardByOne).isEmpty();
            assertThat(heardByTwo).isEmpty();
        }
    }

    @Test
    void malformedBroadcastsCarryNoChange() {
        assertThat(WorkerRelay.changes("nonsense")).isEmpty();
        assertThat(WorkerRelay.changes(List.of(List.of("movie", "saved"), List.of(1, "saved", 2),
                List.of("movie", "saved", 4)))).containsExactly(new Change("movie", Change.Action.SAVED, 4));
    }

    private static List<String> take(BlockingQueue<String> queue, int n) throws InterruptedException {
        List<String> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String next = queue.poll(30, TimeUnit.SECONDS);
            assertThat(next).as("event %d of %d", i + 1, n).isNotNull();
            taken.add(next);
        }
        return taken;
    }
}
