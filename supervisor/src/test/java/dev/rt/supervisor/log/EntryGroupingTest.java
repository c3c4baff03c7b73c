package dev.rt.supervisor.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EntryGroupingTest {
    private final List<String> entries = new ArrayList<>();
    private final EntryGrouping grouping = new EntryGrouping((text, level) ->
            entries.add((level.isPresent() ? level.getAsInt() + " " : "") + text));

    private void lines(String... lines) {
        for (String line : lines) {
            grouping.line(line);
        }
    }

    @Test
    void aStackTraceWithCausesSuppressedAndOmittedFramesIsOneEntry() {
        lines("java.lang.IllegalStateException: boom",
                "\tat com.example.A.run(A.java:10)",
                "\tSuppressed: java.lang.IllegalArgumentException: inner",
                "\t\tat com.example.B.run(B.java:3)",
                "\t\t... 1 more",
                "Caused by: java.lang.RuntimeException: cause",
                "\t... 2 more",
                "next line");
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0)).startsWith("java.lang.IllegalStateException: boom\n\tat com.example.A")
                .endsWith("Caused by: java.lang.RuntimeException: cause\n\t... 2 more");
        grouping.flush();
        assertThat(entries).last().isEqualTo("next line");
    }

    @Test
    void anExceptionAfterALogbackLineJoinsItAndKeepsItsLevel() {
        lines("10:00:00.000 [main] ERROR app -- failed", "java.io.IOException: disk", "\tat com.example.A.run(A.java:1)",
                "plain");
        assertThat(entries).containsExactly("50 10:00:00.000 [main] ERROR app -- failed\njava.io.IOException: disk\n"
                + "\tat com.example.A.run(A.java:1)");
    }

    @Test
    void springBootsBlankLineBetweenTheMessageAndItsExceptionDoesNotSplitTheEntry() {
        lines("2026-05-06T10:15:30.123+02:00 ERROR 4242 --- [demo] [           main] o.s.boot.SpringApplication"
                        + "               : Application run failed",
                "",
                "java.lang.IllegalStateException: Failed to execute CommandLineRunner",
                "\tat org.springframework.boot.SpringApplication.callRunner(SpringApplication.java:785)",
                "Caused by: java.lang.RuntimeException: boom",
                "\t... 5 common frames omitted",
                "",
                "2026-05-06T10:15:30.200+02:00  INFO 4242 --- [demo] [           main] com.example.Next : next");
        grouping.flush();
        assertThat(entries).containsExactly("50 2026-05-06T10:15:30.123+02:00 ERROR 4242 --- [demo] [           main]"
                        + " o.s.boot.SpringApplication               : Application run failed\n"
                        + "java.lang.IllegalStateException: Failed to execute CommandLineRunner\n"
                        + "\tat org.springframework.boot.SpringApplication.callRunner(SpringApplication.java:785)\n"
                        + "Caused by: java.lang.RuntimeException: boom\n\t... 5 common frames omitted",
                "30 2026-05-06T10:15:30.200+02:00  INFO 4242 --- [demo] [           main] com.example.Next : next");
    }

    @Test
    void aTraceAfterABlankLineJoinsAPlainLineButAnExceptionNameDoesNot() {
        lines("plain", "", "\tat com.example.A.run(A.java:1)", "other", "", "java.io.IOException: its own");
        grouping.flush();
        assertThat(entries).containsExactly("plain\n\tat com.example.A.run(A.java:1)", "other",
                "java.io.IOException: its own");
    }

    @Test
    void anExceptionNameAfterAPlainLineIsAnEntryOfItsOwn() {
        lines("plain", "java.io.IOException: not a continuation here");
        grouping.flush();
        assertThat(entries).containsExactly("plain", "java.io.IOException: not a continuation here");
    }

    @Test
    void javaUtilLoggingsTwoLinesAreOneEntryWithTheLevelOfTheSecond() {
        lines("Nov 22, 2026 1:02:03 PM com.example.Main run", "WARNING: careful", "Nov 22, 2026 1:02:04 PM com.example.Main run",
                "SEVERE: failed", "java.lang.IllegalStateException: x", "\tat com.example.Main.run(Main.java:5)");
        grouping.flush();
        assertThat(entries).containsExactly("40 Nov 22, 2026 1:02:03 PM com.example.Main run\nWARNING: careful",
                "50 Nov 22, 2026 1:02:04 PM com.example.Main run\nSEVERE: failed\njava.lang.IllegalStateException: x\n"
                        + "\tat com.example.Main.run(Main.java:5)");
    }

    @Test
    void theOpenTelemetryAgentsOwnLinesKeepTheirLevels() {
        lines("[otel.javaagent 2026-05-06 10:15:30:200 +0000] [main] INFO io.opentelemetry.javaagent.tooling.VersionLogger"
                + " - opentelemetry-javaagent - version: 2.20.1", "[otel.javaagent 2026-05-06 10:15:30:300 +0000]"
                + " [main] DEBUG io.opentelemetry.sdk.internal.JavaVersionSpecific - Using the APIs optimized for: Java 9+");
        grouping.flush();
        assertThat(entries).containsExactly("30 [otel.javaagent 2026-05-06 10:15:30:200 +0000] [main] INFO"
                + " io.opentelemetry.javaagent.tooling.VersionLogger - opentelemetry-javaagent - version: 2.20.1",
                "20 [otel.javaagent 2026-05-06 10:15:30:300 +0000] [main] DEBUG"
                        + " io.opentelemetry.sdk.internal.JavaVersionSpecific - Using the APIs optimized for: Java 9+");
    }

    @Test
    void aJulHeaderWithoutItsLevelLineIsStillOneEntry() {
        lines("Nov 22, 2026 1:02:03 PM com.example.Main run", "something else");
        grouping.flush();
        assertThat(entries).containsExactly("Nov 22, 2026 1:02:03 PM com.example.Main run", "something else");
    }

    @Test
    void jsonLinesAreHandedOnAtOnceAndPlainLinesWaitForTheNextLineOrAFlush() {
        lines("{\"level\":30,\"msg\":\"now\"}");
        assertThat(entries).containsExactly("{\"level\":30,\"msg\":\"now\"}");
        lines("plain");
        assertThat(entries).hasSize(1);
        assertThat(grouping.hasPending()).isTrue();
        grouping.flush();
        assertThat(entries).containsExactly("{\"level\":30,\"msg\":\"now\"}", "plain");
    }

    @Test
    void anEndlessStackTraceIsCutIntoBoundedEntries() {
        lines("java.lang.StackOverflowError");
        String frame = "\tat com.example.Recursion.call(Recursion.java:7)";
        int frames = EntryGrouping.MAX_ENTRY / frame.length() * 3;
        for (int i = 0; i < frames; i++) {
            grouping.line(frame);
        }
        grouping.flush();
        assertThat(entries).hasSizeBetween(3, 4);
        assertThat(entries).allSatisfy(entry -> assertThat(entry.length()).isLessThanOrEqualTo(EntryGrouping.MAX_ENTRY));
    }
}
