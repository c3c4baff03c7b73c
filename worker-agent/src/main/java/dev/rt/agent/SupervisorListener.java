package dev.rt.agent;

import dev.rt.kind.RunningApplication;
import dev.rt.protocol.CacheInvalidated;
import dev.rt.protocol.CacheInvalidation;
import dev.rt.protocol.MessageBroadcast;
import dev.rt.protocol.Diagnose;
import dev.rt.protocol.Diagnosed;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.MessageDelivery;
import dev.rt.protocol.MessageReply;
import dev.rt.protocol.MessageSend;
import dev.rt.protocol.MessageVisitor;
import dev.rt.protocol.MetricsReport;
import dev.rt.protocol.MetricsRequest;
import dev.rt.protocol.ProtocolException;
import dev.rt.protocol.Ready;
import dev.rt.protocol.SpanBatch;
import dev.rt.protocol.StartFailed;
import dev.rt.protocol.Stats;
import dev.rt.protocol.Stop;
import dev.rt.protocol.Stopped;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reads the supervisor's frames for the whole life of the worker: a {@link Stop} stops the application and
 * exits 0; the end of the connection, for whatever reason, ends the worker through {@link SupervisorLoss}.
 */
final class SupervisorListener implements Runnable, MessageVisitor<Void> {
    private final SupervisorConnection connection;
    private final AtomicReference<RunningApplication> application;
    private final AgentMessaging messaging;
    private final AgentHttpCache httpCache;
    private final SupervisorLoss loss;
    private final ProcessExit exit;
    private final String workerName;

    SupervisorListener(SupervisorConnection connection, AtomicReference<RunningApplication> application,
            AgentMessaging messaging, AgentHttpCache httpCache, SupervisorLoss loss, ProcessExit exit,
            String workerName) {
        this.connection = connection;
        this.application = application;
        this.messaging = messaging;
        this.httpCache = httpCache;
        this.loss = loss;
        this.exit = exit;
        this.workerName = workerName;
    }

    @Override
    public void run() {
        try {
            for (Optional<Message> message = connection.read(); message.isPresent(); message = connection.read()) {
                message.get().accept(this);
            }
        } catch (IOException | ProtocolException e) {
            // the connection is unusable: same as the supervisor closing it
        }
        loss.exit();
    }

    /**
     * Stops on a thread that is not a daemon, and this thread waits for it: the threads that kept the JVM alive are
     * the application's (this one is a daemon), so once its stop has ended them the JVM would exit by itself, with
     * status 0, before Stopped is sent.
     */
    @Override
    public Void stop(Stop message) {
        Thread stopping = new Thread(() -> stopAndExit(message), "rt-agent-stop");
        stopping.setDaemon(false); // a thread is born a daemon when its creator is one, as this one is
        stopping.start();
        // until the JVM exits; if the application's stop throws, the supervisor kills the worker after its grace period
        while (stopping.isAlive()) {
            try {
                stopping.join();
            } catch (InterruptedException e) {
                // nothing interrupts the listener, and an interrupt would close the socket under the stop
            }
        }
        return null;
    }

    private void stopAndExit(Stop message) {
        Optional.ofNullable(application.get()).ifPresent(app -> app.stop(Duration.ofMillis(message.deadlineMillis())));
        try {
            connection.send(new Stopped(message.id()));
        } catch (IOException e) {
            // the application has stopped; the supervisor sees the exit instead
        }
        exit.exit(0);
    }

    /** Answers at once on this thread; a failure answers with no families, so the scrape never waits for it. */
    @Override
    public Void metricsRequest(MetricsRequest message) {
        MetricsReport report;
        try {
            report = new MetricsReport(message.id(), JvmMetricsCollector.collect());
        } catch (RuntimeException | LinkageError e) {
            System.err.println("rt worker " + workerName + ": cannot collect the JVM metrics: " + e);
            report = new MetricsReport(message.id(), java.util.List.of());
        }
        try {
            connection.send(report);
        } catch (IOException | ProtocolException e) {
            // the supervisor has gone: reading fails next and ends the worker
        }
        return null;
    }

    @Override
    public Void metricsReport(MetricsReport message) {
        return unexpected(message);
    }

    @Override
    public Void diagnose(Diagnose message) {
        new Diagnostics(connection, application).start(message);
        return null;
    }

    @Override
    public Void messageDelivery(MessageDelivery message) {
        messaging.delivered(message);
        return null;
    }

    @Override
    public Void messageBroadcast(MessageBroadcast message) {
        messaging.broadcasted(message);
        return null;
    }

    @Override
    public Void messageReply(MessageReply message) {
        messaging.replied(message);
        return null;
    }

    @Override
    public Void messageSend(MessageSend message) {
        return unexpected(message);
    }

    @Override
    public Void diagnosed(Diagnosed message) {
        return unexpected(message);
    }

    @Override
    public Void hello(Hello message) {
        return unexpected(message);
    }

    @Override
    public Void helloAck(HelloAck message) {
        return unexpected(message);
    }

    @Override
    public Void ready(Ready message) {
        return unexpected(message);
    }

    @Override
    public Void startFailed(StartFailed message) {
        return unexpected(message);
    }

    @Override
    public Void stats(Stats message) {
        return unexpected(message);
    }

    @Override
    public Void spanBatch(SpanBatch message) {
        return unexpected(message);
    }

    @Override
    public Void cacheInvalidation(CacheInvalidation message) {
        return unexpected(message);
    }

    @Override
    public Void cacheInvalidated(CacheInvalidated message) {
        httpCache.answered(message);
        return null;
    }

    @Override
    public Void stopped(Stopped message) {
        return unexpected(message);
    }

    private Void unexpected(Message message) {
        System.err.println("rt worker " + workerName + ": ignoring an unexpected "
                + message.getClass().getSimpleName() + " message from the supervisor");
        return null;
    }
}
