package dev.rt.kind;

/**
 * The runtime's log, as seen from a worker: each call becomes one entry at its level, tagged with the service and
 * the worker. Thread-safe.
 */
public interface KindLog {

    void debug(String message);

    void info(String message);

    void warn(String message);

    void error(String message);

    /** An error with the exception that caused it; its stack trace stays in the same entry. */
    void error(String message, Throwable cause);
}
