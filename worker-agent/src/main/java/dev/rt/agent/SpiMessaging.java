package dev.rt.agent;

import dev.rt.kind.Messaging;
import dev.rt.kind.MessagingException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Messaging as the kind SPI offers it ({@link dev.rt.kind.WorkerContext#messaging()}). */
final class KindMessaging implements Messaging {
    private final AgentMessaging messaging;

    KindMessaging(AgentMessaging messaging) {
        this.messaging = messaging;
    }

    @Override
    public CompletableFuture<Object> send(String serviceId, String name, Object payload) {
        return messaging.send(serviceId, name, payload, MessagingException::new);
    }

    @Override
    public void handle(String name, Function<Object, Object> handler) {
        messaging.handle(name, handler::apply);
    }

    @Override
    public void broadcast(String name, Object payload) {
        messaging.broadcast(name, payload);
    }

    @Override
    public void onBroadcast(String name, java.util.function.Consumer<Object> listener) {
        messaging.onBroadcast(name, listener);
    }
}
