package dev.rt.agent;

import dev.rt.kind.HttpCacheInvalidation;
import dev.rt.kind.Kind;
import dev.rt.kind.KindException;
import dev.rt.kind.RequestTracing;
import dev.rt.kind.RunningApplication;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.JsonTrees;
import dev.rt.protocol.JsonValues;
import dev.rt.protocol.Message;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.ProtocolException;
import dev.rt.protocol.Ready;
import dev.rt.protocol.StartFailed;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * The life of a worker, in order: connect to the supervisor, handshake, install the mesh proxy selector and
 * the uncaught-exception policy, set up messaging, listen for the supervisor, find the service's kind and start the application
 * through it, report ready, send stats.
 */
final class WorkerAgent {
    private static final Duration DEFAULT_STATS_INTERVAL = Duration.ofSeconds(1);

    private final WorkerEnvironment environment;
    private final ProcessExit exit;
    private final SupervisorLoss loss;
    private final AtomicReference<RunningApplication> application = new AtomicReference<>();

    WorkerAgent(WorkerEnvironment environment, ProcessExit exit) {
        this.environment = environment;
        this.exit = exit;
        this.loss = new SupervisorLoss(environment.workerName(), exit);
    }

    void run() {
        SupervisorConnection connection = connect();
        HelloAck ack;
        try {
            ack = connection.handshake(new Hello(Protocol.VERSION, environment.serviceId(),
                    environment.workerIndex(), ProcessHandle.current().pid()));
        } catch (IOException | ProtocolException e) {
            loss.exit();
            return;
        }
        MeshProxySelector.install(ack.meshProxyPort(), ack.meshOrigins());
        if (ack.exitOnUnhandledErrors()) {
            Thread.setDefaultUncaughtExceptionHandler(
                    new UncaughtExceptionExit(environment.serviceId(), environment.workerIndex(), exit));
        }
        AgentMessaging messaging = new AgentMessaging(environment.serviceId(), sink(connection)::test,
                ack.messagingTimeoutMillis() == 0 ? Duration.ofMillis(Long.MAX_VALUE)
                : Duration.ofMillis(ack.messagingTimeoutMillis()));
        dev.rt.messaging.Messaging.install(new LibraryMessaging(messaging));
        AgentHttpCache httpCache = new AgentHttpCache(sink(connection));
        HttpCacheInvalidation.install(httpCache);
        Thread listener = new Thread(new SupervisorListener(connection, application, messaging, httpCache, loss, exit,
                environment.workerName()), "rt-agent-supervisor");
        listener.setDaemon(true);
        listener.start();

        RunningApplication started;
        AgentContext context = context(ack, new SpiMessaging(messaging), tracing(ack, connection), httpCache);
        try {
            Kind kind = KindLookup.find(ack.kind(), environment.serviceId());
            started = kind.start(context);
        } catch (AgentException | KindException e) {
            System.err.println("rt worker " + environment.workerName() + ": " + e.getMessage());
            send(connection, new StartFailed(e.getMessage()));
            exit.exit(Protocol.EXIT_START_FAILED);
            return;
        }
        application.set(started);
        ListenAddress.warnIfEveryInterface(started, context);
        send(connection, new Ready(started.port(), started.listenAddress()));
        Duration interval = ack.statsIntervalMillis() > 0
                ? Duration.ofMillis(ack.statsIntervalMillis()) : DEFAULT_STATS_INTERVAL;
        StatsReporter.start(started, interval, message -> send(connection, message));
    }

    /** rt's light tracing when the service is traced: spans go to the supervisor over the socket. */
    private static RequestTracing tracing(HelloAck ack, SupervisorConnection connection) {
        if (!ack.traced()) {
            return RequestTracing.OFF;
        }
        SpanShipper shipper = SpanShipper.start(sink(connection));
        return new AgentTracing(shipper::ship);
    }

    private AgentContext context(HelloAck ack, SpiMessaging messaging, RequestTracing tracing,
            HttpCacheInvalidation httpCache) {
        return new AgentContext(environment.serviceId(), environment.workerIndex(), Path.of(ack.serviceDirectory()),
                JsonValues.object(ack.configuration()), JsonTrees.toJson(ack.configuration()), ack.arguments(),
                environment.port(), System.getenv(), new AgentLog(System.out, System.getenv()), messaging, tracing, httpCache,
                Optional.of(ack.identityKey()).filter(key -> !key.isEmpty()));
    }

    /** Sends a frame to the supervisor; false once the socket is gone. */
    private static Predicate<Message> sink(SupervisorConnection connection) {
        return message -> {
            try {
                connection.send(message);
                return true;
            } catch (IOException | ProtocolException e) {
                return false;
            }
        };
    }

    private SupervisorConnection connect() {
        try {
            return SupervisorConnection.open(environment.agentSocket());
        } catch (IOException e) {
            System.err.println("rt worker " + environment.workerName() + ": cannot connect to the supervisor at "
                    + environment.agentSocket() + ": " + e.getMessage() + "; exiting");
            exit.exit(Protocol.EXIT_SUPERVISOR_GONE);
            throw new IllegalStateException("unreachable");
        }
    }

    private void send(SupervisorConnection connection, Message message) {
        try {
            connection.send(message);
        } catch (IOException | ProtocolException e) {
            loss.exit();
        }
    }
}
