package dev.rt.kind;

import java.util.Objects;

/** A message could not be delivered or answered; {@link #code()} says why, the message says where and what. */
public class KindMessagingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Messaging is not available here: not a worker of a runtime. */
    public static final String UNAVAILABLE = "RT_MESSAGING_UNAVAILABLE";

    private final String code;

    public KindMessagingException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    /**
     * A stable code: {@code RT_MESSAGING_UNKNOWN_SERVICE}, {@code RT_MESSAGING_SERVICE_NOT_STARTED},
     * {@code RT_MESSAGING_NO_HANDLER}, {@code RT_MESSAGING_HANDLER_FAILED}, {@code RT_MESSAGING_TIMEOUT},
     * {@code RT_MESSAGING_WORKER_EXITED}, {@code RT_MESSAGING_INVALID_MESSAGE} or {@link #UNAVAILABLE}.
     */
    public String code() {
        return code;
    }
}
