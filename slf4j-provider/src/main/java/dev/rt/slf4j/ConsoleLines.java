package dev.rt.slf4j;

import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * The lines of libraries in a process with no runtime log (the CLI, or rt start before its log is open): text on
 * standard error, {@code WARN com.example.Library: message}, so that a command's standard output stays its own.
 * Standard error is looked up at each line, so that a stream put in its place later (a test's) gets them.
 */
final class ConsoleLines implements LibrarySink {
    private final Supplier<PrintStream> err;

    ConsoleLines(Supplier<PrintStream> err) {
        this.err = err;
    }

    @Override
    public boolean enabled(int level) {
        return true;
    }

    @Override
    public void write(int level, String logger, String message) {
        err.get().println((level >= LibraryLogger.ERROR ? "ERROR " : "WARN ") + logger + ": " + message);
    }
}
