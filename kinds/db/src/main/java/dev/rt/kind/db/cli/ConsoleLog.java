package dev.rt.kind.db.cli;

import dev.rt.kind.KindLog;
import java.io.PrintWriter;

/** A command's log: information on its standard output, warnings and errors on its standard error. */
final class ConsoleLog implements KindLog {
    private final PrintWriter out;
    private final PrintWriter err;

    ConsoleLog(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public void debug(String message) {
        // commands say what they do at info level; debug stays quiet
    }

    @Override
    public void info(String message) {
        out.println(message);
        out.flush();
    }

    @Override
    public void warn(String message) {
        err.println("warning: " + message);
        err.flush();
    }

    @Override
    public void error(String message) {
        err.println("rt: " + message);
        err.flush();
    }

    @Override
    public void error(String message, Throwable cause) {
        error(message + ": " + cause);
    }
}
