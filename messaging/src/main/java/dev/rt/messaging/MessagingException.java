package dev.rt.messaging;

import java.util.Objects;

/** A message could not be delivered or answered; {@link #code()} says why, the message says where and what. */
public class MessagingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Not running in a worker of an rt runtime. */
    public static final String UNAVAILABLE = "RT_MESSAGING_UNAVAILABLE";
    public static final String UNKNOWN_SERVICE = "RT_MESSAGING_UNKNOWN_SERVICE";
    public static final String NOT_STARTED = "RT_MESSAGING_SERVICE_NOT_STARTED";
    public static final String NO_HANDLER = "RT_MESSAGING_NO_HANDLER";
    public static final String HANDLER_FAILED = "RT_MESSAGING_HANDLER_FAILED";
    public static final String TIMEOUT = "RT_MESSAGING_TIMEOUT";
    public static final String WORKER_EXITED = "RT_MESSAGING_WORKER_EXITED";
    public static final String INVALID = "RT_MESSAGING_INVALID_MESSAGE";

    private final String code;

    public MessagingException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** One of the constants of this class. */
    public String code() {
        return code;
    }
}
