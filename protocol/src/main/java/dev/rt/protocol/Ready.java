package dev.rt.protocol;

/**
 * The application is serving HTTP on 127.0.0.1:{@code port}. {@code address} is what its listening socket is bound
 * to, as an IP literal: {@code 127.0.0.1} or {@code ::1} (loopback only), {@code 0.0.0.0} or {@code ::} (every
 * interface, so reachable past rt's entrypoint), or another address of the host.
 */
public record Ready(int port, String address) implements Message {
    public static final String LOOPBACK = "127.0.0.1";

    /** An application listening on loopback only. */
    public Ready(int port) {
        this(port, LOOPBACK);
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.ready(this);
    }
}
