package dev.rt.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** rt's commands run in the test's JVM, as {@code bin/rt} parses them, with what they print kept. */
final class InProcessRt {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs {@code rt args}; its exit status. */
    int run(String... args) {
        CommandLine commandLine = RtCommand.commandLine(args);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    /** Everything printed on stdout so far. */
    String out() {
        return out.toString();
    }

    /** Everything printed on stderr so far. */
    String err() {
        return err.toString();
    }
}
