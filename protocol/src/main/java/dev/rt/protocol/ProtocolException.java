package dev.rt.protocol;

/** A frame that is too large, truncated, malformed or of another protocol version. */
public final class ProtocolException extends RtException {
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super("RT_PROTOCOL_ERROR", message);
    }

    public ProtocolException(String message, Throwable cause) {
        super("RT_PROTOCOL_ERROR", message, cause);
    }
}
