package dev.rt.supervisor.worker;

import dev.rt.protocol.MessageBroadcast;
import dev.rt.protocol.MessageReply;
import dev.rt.protocol.MessageSend;
import dev.rt.supervisor.agent.AgentConnection;
import dev.rt.supervisor.messaging.MessageRouter;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@link MessageRouter} on the supervisor loop: it picks the next started, connected worker of a service (round
 * robin, in launch order), hears of workers that exit, and expires overdue messages while some await a reply.
 */
final class WorkerMessaging {
    private final SupervisorLoop loop;
    private final Collection<Worker> workers; // the lifecycle's, read on the loop
    private final MessageRouter router;
    private final Duration sweep;
    private final Map<String, Integer> cursors = new HashMap<>();
    private boolean sweeping;

    WorkerMessaging(SupervisorLoop loop, Collection<Worker> workers, List<String> serviceIds, Duration timeout) {
        this.loop = loop;
        this.workers = workers;
        this.router = new MessageRouter(serviceIds, this::next, timeout);
        this.sweep = Duration.ofMillis(Math.max(10, Math.min(1000, timeout.toMillis() / 4)));
    }

    void send(AgentConnection sender, String from, MessageSend message) {
        router.send(sender, from, message);
        if (!sweeping && router.pending() > 0) {
            sweeping = true;
            loop.postAfter(sweep, this::expire);
        }
    }

    /** To every other started, connected worker of the sender's service, as it came. */
    void broadcast(Worker from, MessageBroadcast broadcast) {
        for (Worker worker : workers) {
            if (worker != from && worker.service.id().equals(from.service.id()) && worker.state == WorkerState.STARTED
                    && worker.connection != null) {
                worker.connection.send(broadcast);
            }
        }
    }

    void reply(AgentConnection from, MessageReply reply) {
        router.reply(from, reply);
    }

    void exited(Worker worker) {
        worker.connection().ifPresent(router::disconnected);
    }

    private void expire() {
        sweeping = router.expire(System.nanoTime());
        if (sweeping) {
            loop.postAfter(sweep, this::expire);
        }
    }

    private Optional<AgentConnection> next(String serviceId) {
        List<Worker> started = workers.stream().filter(w -> w.service.id().equals(serviceId))
                .filter(w -> w.state == WorkerState.STARTED && w.connection != null).toList();
        if (started.isEmpty()) {
            return Optional.empty();
        }
        int turn = cursors.merge(serviceId, 1, Integer::sum) - 1;
        return Optional.of(started.get(Math.floorMod(turn, started.size())).connection);
    }
}
