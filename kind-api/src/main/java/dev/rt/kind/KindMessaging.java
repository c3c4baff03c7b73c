package dev.rt.kind;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Messages between the services of a runtime, without HTTP: they travel over the workers' sockets to the
 * supervisor, which hands each to a started worker of the target service, round robin.
 *
 * <p>Payloads and replies are JSON values of JDK types, as {@link Kind} describes them: {@code Map<String, ?>},
 * {@code List<?>}, {@code String}, {@code Number}, {@code Boolean} or {@code null}. Replies arrive as
 * {@code Map<String, Object>}, {@code List<Object>}, {@code String}, {@code Boolean}, {@code Long} or
 * {@code Double} (and {@code BigInteger}, {@code BigDecimal} beyond them) and {@code null}, all unmodifiable.
 */
public interface KindMessaging {
    /** What a context outside a runtime offers: every send fails with {@link KindMessagingException#UNAVAILABLE}. */
    KindMessaging UNAVAILABLE = new KindMessaging() {
        @Override
        public CompletableFuture<Object> send(String serviceId, String name, Object payload) {
            return CompletableFuture.failedFuture(new KindMessagingException(KindMessagingException.UNAVAILABLE,
                    "messaging is only available to a worker of an rt runtime"));
        }

        @Override
        public void handle(String name, Function<Object, Object> handler) {
            // nothing is ever delivered outside a runtime
        }
    };

    /**
     * Sends message {@code name} with {@code payload} to a started worker of service {@code serviceId}. The future
     * completes with the handler's reply, or fails with a {@link KindMessagingException} whose code says why: an
     * unknown service, a service with no started worker, no handler of that name, a handler that threw, or no
     * reply within the runtime's {@code messagingTimeout}. Never blocks.
     */
    CompletableFuture<Object> send(String serviceId, String name, Object payload);

    /**
     * Answers the messages called {@code name} sent to this worker, replacing any handler of that name. The handler
     * runs on a thread of rt's own; it returns the reply (a JSON value), or a {@code CompletionStage} of it; what it
     * throws reaches the sender as the message of a {@link KindMessagingException}.
     */
    void handle(String name, Function<Object, Object> handler);

    /**
     * Sends {@code payload} to every other started worker of this worker's service, without a reply: their
     * {@link #onBroadcast} listener of {@code name} receives it, a worker's broadcasts in the order it sent them. A
     * worker alone in its service, or outside a runtime, reaches no one. Never blocks.
     */
    default void broadcast(String name, Object payload) {
    }

    /**
     * Hears what the other workers of this service {@linkplain #broadcast broadcast} as {@code name}, replacing any
     * listener of that name; one message at a time, in order, on a thread of rt's own.
     */
    default void onBroadcast(String name, Consumer<Object> listener) {
    }
}
