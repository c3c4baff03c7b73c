package dev.rt.messaging;

import java.util.concurrent.CompletableFuture;

/**
 * What carries the messages: rt's worker agent installs one with {@link Messaging#install} before the application
 * starts. Applications call {@link Messaging}, never this.
 */
public interface MessagingRuntime {
    /** Sends; the future fails with a {@link MessagingException}. */
    CompletableFuture<Object> send(String serviceId, String name, Object payload);

    /** Registers the handler of {@code name}, replacing any other. */
    void handle(String name, MessageHandler handler);
}
