package dev.rt.supervisor.worker;

import dev.rt.protocol.CacheInvalidated;
import dev.rt.protocol.CacheInvalidation;
import dev.rt.protocol.Diagnose;
import dev.rt.protocol.Diagnosed;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Message;
import dev.rt.protocol.MessageBroadcast;
import dev.rt.protocol.MessageDelivery;
import dev.rt.protocol.MessageReply;
import dev.rt.protocol.MessageSend;
import dev.rt.protocol.MessageVisitor;
import dev.rt.protocol.MetricsReport;
import dev.rt.protocol.MetricsRequest;
import dev.rt.protocol.Ready;
import dev.rt.protocol.SpanBatch;
import dev.rt.protocol.StartFailed;
import dev.rt.protocol.Stats;
import dev.rt.protocol.Stop;
import dev.rt.protocol.Stopped;
import dev.rt.supervisor.log.RuntimeLog;

/** Handles one worker's frames; runs on the supervisor loop. */
final class WorkerMessages implements MessageVisitor<Void> {
    private final WorkerLifecycle lifecycle;
    private final Worker worker;
    private final RuntimeLog log;

    WorkerMessages(WorkerLifecycle lifecycle, Worker worker, RuntimeLog log) {
        this.lifecycle = lifecycle;
        this.worker = worker;
        this.log = log;
    }

    @Override
    public Void ready(Ready ready) {
        if (ready.address() != null) {
            worker.listenAddress = ready.address();
        }
        lifecycle.onReady(worker, ready.port());
        return null;
    }

    @Override
    public Void startFailed(StartFailed failed) {
        worker.startFailure = failed.message();
        return null;
    }

    @Override
    public Void stats(Stats stats) {
        worker.lastStats = stats;
        worker.lastStatsAtNanos = System.nanoTime();
        return null;
    }

    @Override
    public Void stopped(Stopped stopped) {
        return null;
    }

    @Override
    public Void metricsReport(MetricsReport report) {
        lifecycle.scrapes().answered(report);
        return null;
    }

    @Override
    public Void diagnosed(Diagnosed diagnosed) {
        lifecycle.diagnostics().answered(diagnosed);
        return null;
    }

    @Override
    public Void messageSend(MessageSend send) {
        worker.connection().ifPresent(sender -> lifecycle.messages().send(sender, worker.service.id(), send));
        return null;
    }

    @Override
    public Void messageBroadcast(MessageBroadcast broadcast) {
        lifecycle.messages().broadcast(worker, broadcast);
        return null;
    }

    @Override
    public Void messageReply(MessageReply reply) {
        worker.connection().ifPresent(from -> lifecycle.messages().reply(from, reply));
        return null;
    }

    @Override
    public Void messageDelivery(MessageDelivery delivery) {
        return unexpected(delivery);
    }

    @Override
    public Void metricsRequest(MetricsRequest request) {
        return unexpected(request);
    }

    @Override
    public Void diagnose(Diagnose diagnose) {
        return unexpected(diagnose);
    }

    @Override
    public Void hello(Hello hello) {
        return unexpected(hello);
    }

    @Override
    public Void helloAck(HelloAck ack) {
        return unexpected(ack);
    }

    @Override
    public Void spanBatch(SpanBatch batch) {
        return null; // WorkerAgents exports them off the loop
    }

    @Override
    public Void cacheInvalidation(CacheInvalidation invalidation) {
        return null; // WorkerAgents answers it off the loop
    }

    @Override
    public Void cacheInvalidated(CacheInvalidated answer) {
        return unexpected(answer);
    }

    @Override
    public Void stop(Stop stop) {
        return unexpected(stop);
    }

    private Void unexpected(Message message) {
        log.error("agent socket: " + worker.label() + " sent an unexpected " + message.getClass().getSimpleName()
                + " frame; ignored");
        return null;
    }
}
