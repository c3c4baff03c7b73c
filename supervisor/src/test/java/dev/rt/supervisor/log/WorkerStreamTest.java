package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorkerStreamTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aLastLineThatAStackTraceCouldStillFollowIsWrittenAfterAQuietMomentWithoutMoreInput() throws Exception {
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        try (RuntimeLog log = new RuntimeLog(new PrintStream(OutputStream.nullOutputStream()), false)) {
            log.subscribe(line -> messages.add(read(line)));
            WorkerStream stream = log.workerStream("api", 0, false);
            byte[] bytes = "waiting for more\n".getBytes(StandardCharsets.UTF_8);
            long start = System.nanoTime();
            stream.write(bytes, 0, bytes.length);
            assertThat(messages.poll(5, TimeUnit.SECONDS)).isEqualTo("waiting for more");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(WorkerStream.QUIET_MILLIS);
            byte[] trace = "java.lang.Error: x\n\tat a.B.c(B.java:1)\n".getBytes(StandardCharsets.UTF_8);
            stream.write(trace, 0, trace.length);
            assertThat(messages.poll(30, TimeUnit.SECONDS)).isEqualTo("java.lang.Error: x\n\tat a.B.c(B.java:1)");
            stream.end();
        }
    }

    /**
     * printStackTrace writes line by line, and on a busy machine its thread can wait for a processor longer than a
     * plain line's quiet moment: the trace stays one entry. The other worker's line, written after the first half
     * of the trace and handed on after its own quiet moment, shows that such a moment has passed.
     */
    @Test
    void aStackTraceWhoseWriterPausesInTheMiddleStaysOneEntry() throws Exception {
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        try (RuntimeLog log = new RuntimeLog(new PrintStream(OutputStream.nullOutputStream()), false)) {
            log.subscribe(line -> messages.add(read(line)));
            WorkerStream stream = log.workerStream("api", 0, true);
            WorkerStream other = log.workerStream("api", 1, false);
            write(stream, "java.lang.IllegalStateException: boom\n\tat a.B.c(B.java:1)\n");
            write(other, "meanwhile\n");
            assertThat(messages.poll(5, TimeUnit.SECONDS)).isEqualTo("meanwhile");
            write(stream, "\tSuppressed: java.lang.IllegalArgumentException: inner\n\t\tat a.B.d(B.java:2)\n");
            stream.end();
            other.end();
        }
        assertThat(messages).containsExactly("java.lang.IllegalStateException: boom\n\tat a.B.c(B.java:1)\n"
                + "\tSuppressed: java.lang.IllegalArgumentException: inner\n\t\tat a.B.d(B.java:2)");
    }

    private static void write(WorkerStream stream, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        stream.write(bytes, 0, bytes.length);
    }

    @Test
    void springBootsFailureIsOneErrorEntryWithItsTrace() throws Exception {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        try (RuntimeLog log = new RuntimeLog(new PrintStream(OutputStream.nullOutputStream()), false)) {
            log.subscribe(lines::add);
            WorkerStream stream = log.workerStream("api", 0, false);
            byte[] bytes = ("2026-05-06T10:15:30.123Z ERROR 4242 --- [main] o.s.boot.SpringApplication : Application run failed\n"
                    + "\n"
                    + "java.lang.IllegalStateException: boom\n"
                    + "\tat com.example.App.main(App.java:9)\n"
                    + "\n").getBytes(StandardCharsets.UTF_8);
            stream.write(bytes, 0, bytes.length);
            var entry = JSON.readTree(lines.poll(30, TimeUnit.SECONDS)); // a trace waits for its quiet moment
            assertThat(entry.path("level").asInt()).isEqualTo(50);
            assertThat(entry.path("msg").asText()).isEqualTo("2026-05-06T10:15:30.123Z ERROR 4242 --- [main]"
                    + " o.s.boot.SpringApplication : Application run failed\njava.lang.IllegalStateException: boom\n"
                    + "\tat com.example.App.main(App.java:9)");
            stream.end();
        }
        assertThat(lines).isEmpty();
    }

    @Test
    void closingTheLogWritesWhatAStreamHeldAtItsEnd() throws Exception {
        BlockingQueue<String> messages = new LinkedBlockingQueue<>();
        try (RuntimeLog log = new RuntimeLog(new PrintStream(OutputStream.nullOutputStream()), false)) {
            log.subscribe(line -> messages.add(read(line)));
            WorkerStream stream = log.workerStream("api", 0, true);
            byte[] bytes = "one\ntwo without newline".getBytes(StandardCharsets.UTF_8);
            stream.write(bytes, 0, bytes.length);
            stream.end();
        }
        assertThat(messages).containsExactly("one", "two without newline");
    }

    private static String read(String line) {
        try {
            return JSON.readTree(line).path("msg").asText();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
