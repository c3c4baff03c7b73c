package dev.rt.testdata.logs;

import com.sun.net.httpserver.HttpHandler;
import dev.rt.testdata.probe.Probe;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;

/**
 * Scenario log-formats: while it is built, writes one of everything the runtime log must understand, in
 * this order, then serves like the probe. Through the real libraries: java.util.logging (SimpleFormatter's
 * two-line default, on stderr), Logback without configuration (SLF4J, on stdout) and Log4j 2 without
 * configuration (errors only, on stdout); then a pino JSON line with a secret, a JSON object that is no log
 * line, plain lines on stdout and stderr, a printed stack trace with a cause and a suppressed exception,
 * binary junk, a 1 MiB line, and {@code log-formats: done}. Every message carries a marker the tests look for.
 */
public final class LogFormats {
    private LogFormats() {
    }

    public static HttpHandler build() {
        Logger jul = Logger.getLogger("dev.rt.testdata.logs.jul");
        jul.info("jul-info-line");
        jul.warning("jul-warning-line");
        jul.fine("jul-fine-line");
        jul.log(java.util.logging.Level.SEVERE, "jul-severe-line",
                new IllegalStateException("jul boom", new RuntimeException("jul root cause")));
        System.err.flush();

        org.slf4j.Logger logback = org.slf4j.LoggerFactory.getLogger("logback-test");
        logback.debug("logback-debug-line");
        logback.info("logback-info-line");
        logback.warn("logback-warn-line");
        logback.error("logback-error-line", new IllegalArgumentException("logback boom"));

        org.apache.logging.log4j.Logger log4j = org.apache.logging.log4j.LogManager.getLogger("log4j-test");
        log4j.error("log4j-error-line", new UnsupportedOperationException("log4j boom"));
        log4j.fatal("log4j-fatal-line");

        PrintStream out = System.out;
        out.println("{\"level\":40,\"time\":" + System.currentTimeMillis()
                + ",\"msg\":\"json-warn-line\",\"user\":{\"name\":\"ann\",\"password\":\"hunter2\"}}");
        out.println("{\"hello\":\"json-object-line\"}");
        out.println("plain-stdout-line");
        System.err.println("plain-stderr-line");
        Exception trace = new IllegalStateException("printed boom", new RuntimeException("printed cause"));
        trace.addSuppressed(new IllegalArgumentException("printed suppressed"));
        trace.printStackTrace();
        System.err.flush();
        junk(out);
        out.println("big-line:" + "x".repeat(1 << 20));
        out.println("after-big-line");
        out.println("log-formats: done");
        out.flush();
        return Probe.build();
    }

    private static void junk(PrintStream out) {
        try {
            out.write(new byte[] {'j', 'u', 'n', 'k', '-', (byte) 0xff, (byte) 0xfe, 0, 1, 0x1b, '[', '3', '1', 'm',
                    (byte) 0xc3, '(', '-', 'l', 'i', 'n', 'e', '\n'});
            out.write("jünk-ütf8-line\n".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
