package dev.rt.protocol;

/** The application is serving HTTP on 127.0.0.1:{@code port}. */
public record Ready(int port) implements Message {
    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.ready(this);
    }
}
