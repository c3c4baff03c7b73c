package dev.rt.protocol;

/** Dispatch over {@link Message} that fails to compile until every message is handled. */
public interface MessageVisitor<R> {
    R hello(Hello message);

    R helloAck(HelloAck message);

    R ready(Ready message);

    R startFailed(StartFailed message);

    R stats(Stats message);

    R stop(Stop message);

    R stopped(Stopped message);

    R metricsRequest(MetricsRequest message);

    R metricsReport(MetricsReport message);

    R diagnose(Diagnose message);

    R diagnosed(Diagnosed message);

    R messageSend(MessageSend message);

    R messageDelivery(MessageDelivery message);

    R messageReply(MessageReply message);

    R spanBatch(SpanBatch message);

    R cacheInvalidation(CacheInvalidation message);

    R cacheInvalidated(CacheInvalidated message);

    R messageBroadcast(MessageBroadcast message);
}
