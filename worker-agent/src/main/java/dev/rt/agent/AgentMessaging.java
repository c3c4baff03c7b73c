package dev.rt.agent;

import dev.rt.protocol.JsonValues;
import dev.rt.protocol.Message;
import dev.rt.protocol.MessageBroadcast;
import dev.rt.protocol.MessageDelivery;
import dev.rt.protocol.MessageReply;
import dev.rt.protocol.MessageSend;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The worker's side of messaging. A send goes to the supervisor as {@link MessageSend} with an id of this worker's
 * and completes when the {@link MessageReply} with that id comes back, or fails after {@code messagingTimeout}. A
 * {@link MessageDelivery} runs its handler on a thread of its own and is answered with a {@link MessageReply}.
 * Failures are {@link Failure}s, which {@link SpiMessaging} and {@link LibraryMessaging} turn into their own types
 * through {@link #send(String, String, Object, BiFunction)}.
 */
final class AgentMessaging {
    /** A send or a delivery failed: a code of {@link MessageReply} and a message for the sender. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String code;

        Failure(String code, String message) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    /** Answers one kind of message: the kind's {@code Function} or the library's {@code MessageHandler}. */
    interface Handler {
        Object handle(Object payload) throws Exception;
    }

    /** Writes a frame to the supervisor; false when it could not. */
    interface Outbox {
        boolean send(Message message);
    }

    private final String serviceId;
    private final Outbox outbox;
    private final Duration timeout;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<Object>> pending = new ConcurrentHashMap<>();
    private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
    private final ExecutorService handlerThreads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "rt-agent-message-handler");
        thread.setDaemon(true);
        return thread;
    });

    private final Map<String, Consumer<Object>> broadcastListeners = new ConcurrentHashMap<>();
    private final ExecutorService broadcastThread = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "rt-agent-broadcasts");
        thread.setDaemon(true);
        return thread;
    });

    AgentMessaging(String serviceId, Outbox outbox, Duration timeout) {
        this.serviceId = serviceId;
        this.outbox = outbox;
        this.timeout = timeout;
    }

    CompletableFuture<Object> send(String target, String name, Object payload) {
        MessageSend message;
        long id = ids.incrementAndGet();
        try {
            message = new MessageSend(id, target, name, MessagePayloads.toJson(payload));
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(new Failure(MessageReply.INVALID, "cannot send message \"" + name
                    + "\" to service \"" + target + "\": " + e.getMessage()));
        }
        CompletableFuture<Object> reply = new CompletableFuture<>();
        pending.put(id, reply);
        CompletableFuture<Object> result = reply.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((value, error) -> {
                    pending.remove(id);
                    if (error instanceof TimeoutException) {
                        throw new Failure(MessageReply.TIMEOUT, "no reply to message \"" + name + "\" from service \""
                                + target + "\" within " + timeout.toMillis() + " ms (messagingTimeout)");
                    }
                    if (error != null) {
                        throw error instanceof Failure failure ? failure : new Failure(MessageReply.INVALID, error.toString());
                    }
                    return value;
                });
        if (!outbox.send(message)) {
            reply.completeExceptionally(new Failure(MessageReply.INVALID, "cannot send message \"" + name
                    + "\" to service \"" + target + "\": the connection to the supervisor is closed, or the message"
                    + " is larger than a frame may be"));
        }
        return result;
    }

    /**
     * {@link #send(String, String, Object)}, failing with the caller's own exception type, made from the failure's
     * code and message: the kind SPI's {@code KindMessagingException} and the messaging library's
     * {@code MessagingException}.
     */
    CompletableFuture<Object> send(String target, String name, Object payload,
            BiFunction<String, String, ? extends RuntimeException> failure) {
        return send(target, name, payload).handle((value, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                throw cause instanceof Failure known ? failure.apply(known.code, known.getMessage())
                        : failure.apply(MessageReply.INVALID, String.valueOf(cause));
            }
            return value;
        });
    }

    void handle(String name, Handler handler) {
        handlers.put(name, handler);
    }

    /** On the supervisor listener's thread: completes the send that {@code reply} answers. */
    void replied(MessageReply reply) {
        CompletableFuture<Object> waiting = pending.get(reply.id());
        if (waiting == null) {
            return; // timed out already
        }
        if (reply.ok()) {
            waiting.complete(JsonValues.value(reply.payload()));
        } else {
            waiting.completeExceptionally(new Failure(reply.error(), reply.message()));
        }
    }

    /** On the supervisor listener's thread: runs the handler elsewhere and answers when it is done. */
    void delivered(MessageDelivery delivery) {
        Handler handler = handlers.get(delivery.name());
        if (handler == null) {
            answer(MessageReply.failure(delivery.id(), MessageReply.NO_HANDLER, "service \"" + serviceId
                    + "\" has no handler for message \"" + delivery.name() + "\" (register one with handle(\""
                    + delivery.name() + "\", ...))"));
            return;
        }
        handlerThreads.execute(() -> run(handler, delivery));
    }

    private void run(Handler handler, MessageDelivery delivery) {
        CompletableFuture<Object> reply;
        try {
            Object value = handler.handle(JsonValues.value(delivery.payload()));
            reply = value instanceof CompletionStage<?> stage ? stage.toCompletableFuture().thenApply(v -> (Object) v)
                    : CompletableFuture.completedFuture(value);
        } catch (Exception | Error e) {
            reply = CompletableFuture.failedFuture(e);
        }
        reply.whenComplete((value, error) -> {
            if (error == null) {
                try {
                    answer(MessageReply.success(delivery.id(), MessagePayloads.toJson(value)));
                    return;
                } catch (IllegalArgumentException e) {
                    error = new IllegalArgumentException("its reply " + e.getMessage().replaceFirst("^payload", "")
                            .strip());
                }
            }
            Throwable cause = error.getCause() != null && error instanceof java.util.concurrent.CompletionException
                    ? error.getCause() : error;
            answer(MessageReply.failure(delivery.id(), MessageReply.HANDLER_FAILED, "the handler of message \""
                    + delivery.name() + "\" in service \"" + serviceId + "\" failed: " + cause));
        });
    }

    /** To the other workers of this service, through the supervisor; dropped when the supervisor has gone. */
    void broadcast(String name, Object payload) {
        outbox.send(new MessageBroadcast(name, MessagePayloads.toJson(payload)));
    }

    void onBroadcast(String name, Consumer<Object> listener) {
        broadcastListeners.put(name, listener);
    }

    /** On the supervisor listener's thread: the listener runs on the broadcasts' own thread, in arrival order. */
    void broadcasted(MessageBroadcast broadcast) {
        Consumer<Object> listener = broadcastListeners.get(broadcast.name());
        if (listener != null) {
            broadcastThread.execute(() -> listener.accept(JsonValues.value(broadcast.payload())));
        }
    }

    private void answer(MessageReply reply) {
        outbox.send(reply); // false: the supervisor has gone, and the sender hears of it from there
    }
}
