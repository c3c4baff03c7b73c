package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first {@code rt start} after a build writes its class-data archive at exit, and says so before it waits. */
class StartArchiveIT {
    /** The end of "The runtime has stopped." and of "Received SIGTERM during start-up; the runtime has stopped." */
    private static final String STOPPED = "he runtime has stopped.";

    @TempDir
    Path dir;

    private Path config() throws Exception {
        Path file = dir.resolve("rt.json");
        Files.writeString(file, "{\"entrypoint\": \"api\", \"server\": {\"port\": 0}, \"services\": ["
                + Fixtures.service("api", "probe", "") + "]}");
        return file;
    }

    private RtProcess startAndStop(List<String> jvmOptions) throws Exception {
        RtProcess rt = RtProcess.startWith(List.of(), jvmOptions, dir, Map.of(), "start", "--no-pretty", "-c",
                config().toString());
        rt.awaitListening(Duration.ofSeconds(60));
        rt.signal("TERM");
        assertThat(rt.awaitExit(Duration.ofSeconds(60))).isZero();
        rt.awaitOutputEnd(Duration.ofSeconds(10));
        return rt;
    }

    @Test
    void aStartThatWritesTheArchiveAtExitSaysSoAfterTheRuntimeHasStopped() throws Exception {
        Path archive = dir.resolve("start.jsa");
        try (RtProcess rt = startAndStop(List.of("-XX:ArchiveClassesAtExit=" + archive, "-Xlog:disable",
                "-Xlog:all=error:stderr"))) {
            String said = "Writing the class-data archive of rt start to " + archive + " before exiting";
            assertThat(rt.stdout()).contains(said);
            assertThat(rt.stdout().indexOf(said)).as("after the runtime has stopped")
                    .isGreaterThan(rt.stdout().indexOf(STOPPED));
            assertThat(archive).as("the archive the message announced").isNotEmptyFile();
        }
    }

    @Test
    void aStartThatWritesNoArchiveSaysNothingOfIt() throws Exception {
        try (RtProcess rt = startAndStop(List.of())) {
            assertThat(rt.stdout()).contains(STOPPED).doesNotContain("class-data archive");
        }
    }
}
