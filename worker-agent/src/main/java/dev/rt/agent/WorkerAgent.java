package dev.rt.agent;

import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Ready;
import dev.rt.protocol.RtException;
import dev.rt.protocol.StartFailed;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The life of a worker, in order: connect to the supervisor, handshake, install the mesh proxy selector and
 * the uncaught-exception policy, listen for the supervisor, start the application, report ready, send stats.
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
        } catch (IOException | RtException e) {
            loss.exit();
            return;
        }
        MeshProxySelector.install(ack.meshProxyPort(), ack.meshOrigins());
        if (ack.exitOnUnhandledErrors()) {
            Thread.setDefaultUncaughtExceptionHandler(
                    new UncaughtExceptionExit(environment.serviceId(), environment.workerIndex(), exit));
        }
        Thread listener = new Thread(new SupervisorListener(connection, application, loss, exit,
                environment.workerName()), "rt-agent-supervisor");
        listener.setDaemon(true);
        listener.start();

        LaunchContext context = new LaunchContext(environment.serviceId(), Path.of(ack.serviceDirectory()),
                ack.arguments(), environment.port());
        RunningApplication started;
        try {
            started = new ApplicationLauncher(environment.workerName()).launch(ack.kind(), ack.application(), context);
        } catch (AgentException e) {
            System.err.println("rt worker " + environment.workerName() + ": " + e.getMessage());
            send(connection, new StartFailed(e.getMessage()));
            exit.exit(Protocol.EXIT_START_FAILED);
            return;
        }
        application.set(started);
        send(connection, new Ready(started.port()));
        Duration interval = ack.statsIntervalMillis() > 0
                ? Duration.ofMillis(ack.statsIntervalMillis()) : DEFAULT_STATS_INTERVAL;
        StatsReporter.start(started, interval, message -> send(connection, message));
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
        } catch (IOException | RtException e) {
            loss.exit();
        }
    }
}
