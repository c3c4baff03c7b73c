package dev.rt.protocol;

/**
 * One message between the supervisor and a worker agent. Every frame carries {@link Protocol#VERSION};
 * the {@code type} property names the record ({@code helloAck} for {@link HelloAck}). Add a record here and to
 * {@link MessageVisitor}, and every handler stops compiling until it handles the new message.
 */
public sealed interface Message permits Hello, HelloAck, Ready, StartFailed, Stats, Stop, Stopped,
        MetricsRequest, MetricsReport, Diagnose, Diagnosed, MessageSend, MessageDelivery, MessageReply, SpanBatch,
        CacheInvalidation, CacheInvalidated, MessageBroadcast {

    <R> R accept(MessageVisitor<R> visitor);
}
