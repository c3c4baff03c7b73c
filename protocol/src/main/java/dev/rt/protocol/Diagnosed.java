package dev.rt.protocol;

/** The answer to {@link Diagnose} with the same id: the file is written ({@code ok}), or why not ({@code message}). */
public record Diagnosed(long id, boolean ok, String message) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.diagnosed(this);
    }
}
