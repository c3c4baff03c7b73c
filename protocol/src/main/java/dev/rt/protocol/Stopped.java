package dev.rt.protocol;

/** The answer to {@link Stop} with the same id: the application has stopped; the JVM exits next. */
public record Stopped(long id) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.stopped(this);
    }
}
