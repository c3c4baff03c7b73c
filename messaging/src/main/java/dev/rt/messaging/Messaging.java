package dev.rt.messaging;

import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Messages between the services of an rt runtime, without HTTP. In a worker, rt delivers each message to a started
 * worker of the target service, round robin, and brings its handler's reply back:
 *
 * <pre>{@code
 * Messaging.handle("total", payload -> Map.of("total", 42));           // in the service "orders"
 * Object reply = Messaging.send("orders", "total", Map.of("cart", 7));  // in any other service
 * }</pre>
 *
 * <p>Payloads and replies are JSON values of JDK types: {@code Map<String, ?>}, {@code List<?>}, {@code String},
 * {@code Number}, {@code Boolean} or {@code null}; replies arrive as unmodifiable {@code Map}s, {@code List}s,
 * {@code String}, {@code Boolean}, {@code Long} or {@code Double} (and {@code BigInteger}, {@code BigDecimal}).
 *
 * <p>Outside a runtime every send fails with {@link MessagingException#UNAVAILABLE}, and handlers are kept in case a
 * runtime comes.
 */
public final class Messaging {
    private static volatile MessagingRuntime runtime;

    private Messaging() {
    }

    /**
     * Sends message {@code name} with {@code payload} to service {@code serviceId} and waits for the reply, at most
     * the runtime's {@code messagingTimeout}.
     *
     * @throws MessagingException when the service is unknown or has no started worker, it has no handler of that
     *                            name, the handler threw, or no reply came in time
     */
    public static Object send(String serviceId, String name, Object payload) {
        try {
            return sendAsync(serviceId, name, payload).get();
        } catch (ExecutionException e) {
            throw unwrap(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MessagingException(MessagingException.TIMEOUT, "interrupted while waiting for the reply to message \""
                    + name + "\" sent to service \"" + serviceId + "\"");
        }
    }

    /** {@link #send} without waiting: the future fails with a {@link MessagingException}. */
    public static CompletableFuture<Object> sendAsync(String serviceId, String name, Object payload) {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(name, "name");
        MessagingRuntime current = runtime;
        if (current == null) {
            return CompletableFuture.failedFuture(new MessagingException(MessagingException.UNAVAILABLE,
                    "cannot send message \"" + name + "\" to service \"" + serviceId
                            + "\": messaging is only available in a worker of an rt runtime"));
        }
        return current.send(serviceId, name, payload);
    }

    /**
     * Answers the messages called {@code name} sent to this worker, replacing any handler of that name. Handlers run
     * on threads of rt's own, several at once.
     */
    public static void handle(String name, MessageHandler handler) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(handler, "handler");
        synchronized (Messaging.class) {
            MessagingRuntime current = runtime;
            if (current != null) {
                current.handle(name, handler);
            } else {
                PendingHandlers.put(name, handler);
            }
        }
    }

    /**
     * Called once by rt's worker agent, before the application starts: from now on messages travel through
     * {@code carrier}. Handlers registered before are handed over.
     *
     * @throws IllegalStateException when a runtime is installed already
     */
    public static void install(MessagingRuntime carrier) {
        Objects.requireNonNull(carrier, "carrier");
        synchronized (Messaging.class) {
            if (runtime != null) {
                throw new IllegalStateException("the messaging runtime is installed already");
            }
            runtime = carrier;
            PendingHandlers.drainTo(carrier);
        }
    }

    private static MessagingException unwrap(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof MessagingException messaging) {
            return new MessagingException(messaging.code(), messaging.getMessage());
        }
        if (cause instanceof CancellationException) {
            return new MessagingException(MessagingException.TIMEOUT, "the message was cancelled");
        }
        return new MessagingException(MessagingException.HANDLER_FAILED, String.valueOf(cause));
    }
}
