package dev.rt.supervisor.messaging;

import dev.rt.protocol.MessageDelivery;
import dev.rt.protocol.MessageReply;
import dev.rt.protocol.MessageSend;
import dev.rt.supervisor.agent.AgentConnection;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Passes messages between workers and their replies back. Confined to the supervisor loop: every method runs there.
 * A message awaiting its reply is remembered under an id of the router's, with the sender's connection and id.
 */
public final class MessageRouter {
    private record Pending(AgentConnection sender, long senderId, AgentConnection target, String service, String name,
            long deadlineNanos) {
    }

    private final List<String> serviceIds;
    private final MessageTargets targets;
    private final Duration timeout;
    private final Map<Long, Pending> pending = new HashMap<>();
    private long nextId;

    /** @param timeout {@code messagingTimeout}; zero waits for ever */
    public MessageRouter(List<String> serviceIds, MessageTargets targets, Duration timeout) {
        this.serviceIds = List.copyOf(serviceIds);
        this.targets = targets;
        this.timeout = timeout;
    }

    /** A worker of service {@code from}, connected as {@code sender}, sends {@code message}. */
    public void send(AgentConnection sender, String from, MessageSend message) {
        String service = message.service();
        if (!serviceIds.contains(service)) {
            sender.send(MessageReply.failure(message.id(), MessageReply.UNKNOWN_SERVICE, "cannot send message \""
                    + message.name() + "\": there is no service \"" + service + "\" in this runtime (its services are "
                    + String.join(", ", serviceIds) + ")"));
            return;
        }
        Optional<AgentConnection> target = targets.next(service);
        if (target.isEmpty()) {
            sender.send(MessageReply.failure(message.id(), MessageReply.NOT_STARTED, "cannot send message \""
                    + message.name() + "\": the service \"" + service + "\" has no started worker"));
            return;
        }
        long id = ++nextId;
        long deadline = System.nanoTime() + timeout.toNanos();
        pending.put(id, new Pending(sender, message.id(), target.get(), service, message.name(), deadline));
        if (!target.get().send(new MessageDelivery(id, from, message.name(), message.payload()))) {
            fail(id, MessageReply.WORKER_EXITED, "the worker of the service \"" + service
                    + "\" the message went to has disconnected");
        }
    }

    /** A worker, connected as {@code from}, answers a delivery. */
    public void reply(AgentConnection from, MessageReply reply) {
        Pending waiting = pending.get(reply.id());
        if (waiting == null || waiting.target() != from) {
            return; // timed out already, or not this worker's to answer
        }
        pending.remove(reply.id());
        waiting.sender().send(reply.withId(waiting.senderId()));
    }

    /** A worker has gone: what it was asked fails, what it asked is forgotten. */
    public void disconnected(AgentConnection connection) {
        List<Long> gone = pending.entrySet().stream().filter(e -> e.getValue().target() == connection)
                .map(Map.Entry::getKey).toList();
        gone.forEach(id -> fail(id, MessageReply.WORKER_EXITED, "the " + connection + " that message \""
                + pending.get(id).name() + "\" went to exited before it replied"));
        pending.values().removeIf(p -> p.sender() == connection);
    }

    /** Fails the messages whose reply is overdue; true while some still await theirs. */
    public boolean expire(long nowNanos) {
        if (timeout.isZero()) {
            return false;
        }
        for (Iterator<Map.Entry<Long, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Pending> entry = it.next();
            Pending p = entry.getValue();
            if (nowNanos - p.deadlineNanos() >= 0) {
                it.remove();
                p.sender().send(MessageReply.failure(p.senderId(), MessageReply.TIMEOUT, "no reply to message \""
                        + p.name() + "\" from service \"" + p.service() + "\" within " + timeout.toMillis()
                        + " ms (messagingTimeout)"));
            }
        }
        return !pending.isEmpty();
    }

    /** How many messages await their reply. */
    public int pending() {
        return pending.size();
    }

    private void fail(long id, String code, String why) {
        Pending p = pending.remove(id);
        if (p != null) {
            p.sender().send(MessageReply.failure(p.senderId(), code, why));
        }
    }
}
