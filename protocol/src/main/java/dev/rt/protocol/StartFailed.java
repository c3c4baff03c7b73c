package dev.rt.protocol;

/** The application could not be started; the worker exits after sending this. */
public record StartFailed(String message) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.startFailed(this);
    }
}
