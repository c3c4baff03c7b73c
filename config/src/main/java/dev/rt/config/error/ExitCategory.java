package dev.rt.config.error;

/** The exit status of the {@code rt} command for each family of error; the README's table lists them. */
public enum ExitCategory {
    /** A runtime failure, or a runtime that could not stop within {@code gracefulShutdown.runtime}. */
    RUNTIME_FAILURE(1),
    /** A bad command line. */
    USAGE(2),
    /** A configuration that is missing, unreadable, unparsable or invalid. */
    CONFIG(3),
    /** A service or a server could not start. */
    START_FAILED(4),
    /** No running runtime matches, or it cannot be reached. */
    NO_RUNTIME(5);

    private final int status;

    ExitCategory(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }
}
