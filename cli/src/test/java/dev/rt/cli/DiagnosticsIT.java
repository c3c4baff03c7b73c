package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** rt ctl heap-dump and rt ctl profile: files made inside a live worker, read by a parser and by the JDK's jfr tool. */
class DiagnosticsIT extends ManagedRuntimes {
    @Test
    void heapDumpOfOneWorkerIsAWholeHprofFile() throws Exception {
        Path a = project("alpha", true);
        start(a);
        Path dump = tmp.resolve("back.hprof");
        Result result = rt(a, "ctl", "heap-dump", "-s", "back:1", "-o", dump.toString());
        assertThat(result.code()).as(result.stderr()).isZero();
        assertThat(result.stdout()).startsWith("Wrote the heap dump of back:1 to " + dump);
        try (InputStream in = Files.newInputStream(dump)) {
            assertThat(new String(in.readNBytes(18), StandardCharsets.US_ASCII)).isEqualTo("JAVA PROFILE 1.0.2");
        }
        try (InputStream in = Files.newInputStream(dump)) {
            HprofFile hprof = HprofFile.read(in);
            assertThat(hprof.version()).isEqualTo("JAVA PROFILE 1.0.2");
            assertThat(hprof.identifierSize()).isIn(4, 8);
            assertThat(hprof.heapDumpSegments()).isPositive();
            assertThat(hprof.ended()).isTrue();
            assertThat(hprof.strings()).contains("dev/rt/testdata/probe/Probe");
        }
        long whole = Files.size(dump);
        assertThat(rt(a, "ctl", "heap-dump", "-s", "back:9", "-o", dump.toString()).stderr())
                .startsWith("rt: Worker 9 of service back not found.");
        assertThat(Files.size(dump)).as("a failed dump leaves the file that was there").isEqualTo(whole);
        try (var left = Files.list(tmp)) {
            assertThat(left.map(path -> path.getFileName().toString())).noneMatch(name -> name.endsWith(".part"));
        }
    }

    @Test
    void profileIsAJfrRecordingThatJfrSummaryReads() throws Exception {
        Path a = project("alpha", true);
        start(a);
        Path recording = tmp.resolve("front.jfr");
        Result result = rt(a, "ctl", "profile", "-s", "front", "--duration", "2s", "-o", recording.toString());
        assertThat(result.code()).as(result.stderr()).isZero();
        Process jfr = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jfr").toString(), "summary",
                recording.toString()).redirectErrorStream(true).start();
        String summary = new String(jfr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(jfr.waitFor()).as(summary).isZero();
        assertThat(summary).contains("Duration: 2 s").contains("jdk.CPULoad").contains("jdk.GCConfiguration");

        Result badDuration = rt(a, "ctl", "profile", "-s", "front", "--duration", "soon", "-o", recording.toString());
        assertThat(badDuration.code()).isEqualTo(2);
        assertThat(badDuration.stderr()).startsWith("--duration: expected a positive number with ms, s or m");
    }
}
