package dev.rt.protocol;

/**
 * Stop gracefully: stop accepting, finish in-flight requests, run shutdown hooks, answer {@link Stopped}
 * with the same id and exit 0. The supervisor kills the worker when {@code deadlineMillis} have passed.
 */
public record Stop(long id, long deadlineMillis) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.stop(this);
    }
}
