package dev.rt.agent;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.rt.protocol.Diagnose;
import dev.rt.protocol.Diagnosed;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;

/**
 * Writes what {@link Diagnose} asks for, on a thread of its own so that the supervisor's other frames keep
 * flowing: a heap dump through {@link HotSpotDiagnosticMXBean#dumpHeap} (live objects only), or a JFR
 * recording with the JDK's {@code profile} settings for the given duration, or the application's OpenAPI document or
 * GraphQL schema. Answers {@link Diagnosed}.
 */
final class Diagnostics {
    private final SupervisorConnection connection;
    private final java.util.concurrent.atomic.AtomicReference<dev.rt.kind.RunningApplication> application;

    Diagnostics(SupervisorConnection connection,
            java.util.concurrent.atomic.AtomicReference<dev.rt.kind.RunningApplication> application) {
        this.connection = connection;
        this.application = application;
    }

    void start(Diagnose request) {
        Thread thread = new Thread(() -> answer(request), "rt-agent-diagnostics-" + request.id());
        thread.setDaemon(true);
        thread.start();
    }

    private void answer(Diagnose request) {
        Diagnosed answer;
        try {
            switch (request.kind()) {
                case Diagnose.HEAP_DUMP -> ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpHeap(request.path(), true);
                case Diagnose.PROFILE -> record(Path.of(request.path()), Duration.ofMillis(request.durationMillis()));
                case Diagnose.OPENAPI_SCHEMA -> describe(Path.of(request.path()), "an OpenAPI document",
                        app -> app.openApiDocument());
                case Diagnose.GRAPHQL_SCHEMA -> describe(Path.of(request.path()), "a GraphQL schema",
                        app -> app.graphQlSchema());
                default -> throw new IllegalArgumentException("unknown diagnostic \"" + request.kind() + "\"");
            }
            answer = new Diagnosed(request.id(), true, "");
        } catch (IOException | ParseException | RuntimeException e) {
            answer = new Diagnosed(request.id(), false, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer = new Diagnosed(request.id(), false, "interrupted");
        }
        try {
            connection.send(answer);
        } catch (IOException e) {
            // the supervisor is gone; nobody waits for the file
        }
    }

    /** The application's description of itself, written as text; fails when it has none. */
    private void describe(Path file, String what,
            java.util.function.Function<dev.rt.kind.RunningApplication, java.util.Optional<String>> document)
            throws IOException {
        dev.rt.kind.RunningApplication app = application.get();
        if (app == null) {
            throw new IllegalStateException("the application has not started");
        }
        String text = document.apply(app).orElseThrow(() -> new IllegalStateException("the application has no "
                + what.substring(what.indexOf(' ') + 1) + " (its kind offers none, or it is turned off)"));
        java.nio.file.Files.writeString(file, text);
    }

    /** A JFR recording that stops by itself after {@code duration} and is written to {@code file}. */
    private static void record(Path file, Duration duration) throws IOException, ParseException, InterruptedException {
        try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
            CountDownLatch stopped = new CountDownLatch(1);
            recording.setName("rt profile");
            recording.setDestination(file);
            recording.setDuration(duration);
            recording.start();
            jdk.jfr.FlightRecorderListener listener = new jdk.jfr.FlightRecorderListener() {
                @Override
                public void recordingStateChanged(Recording changed) {
                    if (changed == recording && changed.getState() != RecordingState.RUNNING) {
                        stopped.countDown();
                    }
                }
            };
            jdk.jfr.FlightRecorder.addListener(listener);
            try {
                if (recording.getState() != RecordingState.RUNNING) {
                    stopped.countDown();
                }
                if (!stopped.await(duration.toMillis() + 60_000, TimeUnit.MILLISECONDS)) {
                    recording.stop();
                }
            } finally {
                jdk.jfr.FlightRecorder.removeListener(listener);
            }
        }
    }
}
