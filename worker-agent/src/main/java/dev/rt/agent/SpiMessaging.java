package dev.rt.agent;

import dev.rt.kind.KindMessaging;
import dev.rt.kind.KindMessagingException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Messaging as the kind SPI offers it ({@link dev.rt.kind.WorkerContext#messaging()}). */
final class SpiMessaging implements KindMessaging {
    private final AgentMessaging messaging;

    SpiMessaging(AgentMessaging messaging) {
        this.messaging = messaging;
    }

    @Override
    public CompletableFuture<Object> send(String serviceId, String name, Object payload) {
        return messaging.send(serviceId, name, payload, KindMessagingException::new);
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
