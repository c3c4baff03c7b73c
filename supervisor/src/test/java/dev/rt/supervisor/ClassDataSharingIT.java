package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The java workers' class-data sharing archive: made in the background once the runtime runs, then used by workers. */
class ClassDataSharingIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    /** Without a spare: a spare boots a second after the start, before the archive exists, and would take over. */
    @Test
    void theArchiveIsMadeAfterStartAndWorkersStartedLaterMapIt() throws Exception {
        Path cache = dir.resolve("cache");
        try (var rt = RuntimeUnderTest.configureWithEnvironment(dir, runtime("api", service("api", "probe", "\"spareWorker\": false")),
                Map.of("XDG_CACHE_HOME", cache.toString())).start()) {
            assertThat(commandLine(rt.worker("api:0"))).noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile"));

            rt.awaitLog("Workers of kind java started from now on use the class-data sharing archive", LIMIT);
            Path archive;
            try (Stream<Path> files = Files.list(cache.resolve("rt").resolve("workers"))) {
                archive = files.filter(f -> f.getFileName().toString().matches("java-[0-9a-f]+\\.jsa"))
                        .reduce((a, b) -> b).orElseThrow();
            }
            rt.kill("api:0");
            rt.awaitLog("The worker 1 of the service \\\"api\\\" has been successfully restarted.", LIMIT);

            assertThat(commandLine(rt.worker("api:1"))).contains("-XX:SharedArchiveFile=" + archive);
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    private static List<String> commandLine(WorkerView worker) {
        return List.of(ProcessHandle.of(worker.pid()).orElseThrow().info().arguments().orElseThrow());
    }
}
