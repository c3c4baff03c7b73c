package dev.rt.agent;

import dev.rt.messaging.MessageHandler;
import dev.rt.messaging.MessagingException;
import dev.rt.messaging.MessagingRuntime;
import java.util.concurrent.CompletableFuture;

/** Messaging as a wrapped application reaches it: {@code dev.rt.messaging.Messaging}, installed at start. */
final class LibraryMessaging implements MessagingRuntime {
    private final AgentMessaging messaging;

    LibraryMessaging(AgentMessaging messaging) {
        this.messaging = messaging;
    }

    @Override
    public CompletableFuture<Object> send(String serviceId, String name, Object payload) {
        return messaging.send(serviceId, name, payload, MessagingException::new);
    }

    @Override
    public void handle(String name, MessageHandler handler) {
        messaging.handle(name, handler::handle);
    }
}
