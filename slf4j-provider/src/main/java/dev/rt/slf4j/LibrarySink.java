package dev.rt.slf4j;

/**
 * Where the lines libraries log go. Levels are rt's numbers: 40 warn, 50 error. Implementations are thread-safe and
 * return at once (libraries log from event loops).
 */
public interface LibrarySink {

    /** Whether a line at {@code level} would be written; a library's check for a level asks this. */
    boolean enabled(int level);

    /**
     * One line a library logged.
     *
     * @param logger  the library's logger name ({@code com.zaxxer.hikari.pool.HikariPool})
     * @param message the formatted message; a stack trace, when the library gave an exception, on the lines after it
     */
    void write(int level, String logger, String message);
}
