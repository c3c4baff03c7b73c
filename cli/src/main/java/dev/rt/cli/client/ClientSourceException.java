package dev.rt.cli.client;

/** A client's source that is not usable: unreachable, not an API description, or not a valid one. */
public final class ClientSourceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClientSourceException(String message) {
        super(message);
    }
}
