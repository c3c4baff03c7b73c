package dev.rt.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One message between the supervisor and a worker agent. Every frame carries {@link Protocol#VERSION};
 * the {@code type} property names the record. Add a record here, to {@link JsonSubTypes} and to
 * {@link MessageVisitor}, and every handler stops compiling until it handles the new message.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Hello.class, name = "hello"),
    @JsonSubTypes.Type(value = HelloAck.class, name = "helloAck"),
    @JsonSubTypes.Type(value = Ready.class, name = "ready"),
    @JsonSubTypes.Type(value = StartFailed.class, name = "startFailed"),
    @JsonSubTypes.Type(value = Stats.class, name = "stats"),
    @JsonSubTypes.Type(value = Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = Stopped.class, name = "stopped"),
    @JsonSubTypes.Type(value = MetricsRequest.class, name = "metricsRequest"),
    @JsonSubTypes.Type(value = MetricsReport.class, name = "metricsReport"),
    @JsonSubTypes.Type(value = Diagnose.class, name = "diagnose"),
    @JsonSubTypes.Type(value = Diagnosed.class, name = "diagnosed"),
    @JsonSubTypes.Type(value = MessageSend.class, name = "messageSend"),
    @JsonSubTypes.Type(value = MessageDelivery.class, name = "messageDelivery"),
    @JsonSubTypes.Type(value = MessageReply.class, name = "messageReply"),
    @JsonSubTypes.Type(value = SpanBatch.class, name = "spanBatch"),
    @JsonSubTypes.Type(value = CacheInvalidation.class, name = "cacheInvalidation"),
    @JsonSubTypes.Type(value = CacheInvalidated.class, name = "cacheInvalidated"),
})
public sealed interface Message permits Hello, HelloAck, Ready, StartFailed, Stats, Stop, Stopped,
        MetricsRequest, MetricsReport, Diagnose, Diagnosed, MessageSend, MessageDelivery, MessageReply, SpanBatch,
        CacheInvalidation, CacheInvalidated {

    <R> R accept(MessageVisitor<R> visitor);
}
