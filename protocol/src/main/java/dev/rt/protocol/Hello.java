package dev.rt.protocol;

/** First frame of a worker: who it is. Answered by {@link HelloAck}. */
public record Hello(int protocolVersion, String serviceId, int workerIndex, long pid) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.hello(this);
    }
}
