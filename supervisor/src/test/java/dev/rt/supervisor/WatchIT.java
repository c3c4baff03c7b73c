package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hot reload: in development with {@code watch}, changed files restart their service without a lost request. */
class WatchIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private String config(boolean watch) throws Exception {
        return config(watch, "", "");
    }

    /** {@code apiWatch} and {@code backWatch}: each service's own {@code watch} setting, with a trailing comma. */
    private String config(boolean watch, String apiWatch, String backWatch) throws Exception {
        Path jar = Fixtures.testdata().resolve("target/rt-testdata.jar");
        for (String id : new String[] {"api", "back"}) {
            Path service = Files.createDirectories(dir.resolve(id));
            Files.writeString(service.resolve("rt.json"), "{" + (id.equals("api") ? apiWatch : backWatch)
                    + "\"java\": {\"classpath\": [\"" + jar + "\"], \"build\": \"dev.rt.testdata.probe.Probe\"}}");
        }
        return "{\"watch\": " + watch + ", \"entrypoint\": \"api\", \"server\": {\"port\": 0}, \"services\": ["
                + "{\"id\": \"api\", \"path\": \"api\"}, {\"id\": \"back\", \"path\": \"back\"}]}";
    }

    @Test
    void inDevelopmentAChangedFileRestartsOnlyItsService() throws Exception {
        var options = RuntimeOptions.DEFAULTS.withDevelopment(true);
        try (var rt = RuntimeUnderTest.configure(dir, config(true), options).start()) {
            rt.awaitLog("Watching the services' files for changes.", LIMIT);

            Files.writeString(dir.resolve("back/settings.properties"), "greeting=hi\n");

            rt.awaitLog("The service \\\"back\\\" has been successfully reloaded.", LIMIT);
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactlyInAnyOrder("api:0", "back:1");
            assertThat(rt.get("/call?url=http://back.rt.local/hello").body()).isEqualTo("200 hello");
            assertThat(rt.log()).doesNotContain("The files of the service \\\"api\\\" have changed");
        }
    }

    @Test
    void aServiceThatTurnsItsOwnWatchOffIsNotRestartedAndAllowRulesPickTheFilesThatCount() throws Exception {
        var options = RuntimeOptions.DEFAULTS.withDevelopment(true);
        String config = config(true, "\"watch\": false, ", "\"watch\": {\"allow\": [\"**/*.class\"]}, ");
        try (var rt = RuntimeUnderTest.configure(dir, config, options).start()) {
            rt.awaitLog("Watching the services' files for changes.", LIMIT);

            Files.writeString(dir.resolve("api/settings.properties"), "greeting=hi\n");
            Files.writeString(dir.resolve("back/notes.txt"), "not code\n");
            Files.createDirectories(dir.resolve("back/classes/dev"));
            Files.write(dir.resolve("back/classes/dev/Api.class"), new byte[] {(byte) 0xca, (byte) 0xfe});

            rt.awaitLog("The service \\\"back\\\" has been successfully reloaded.", LIMIT);
            assertThat(rt.log()).doesNotContain("The files of the service \\\"api\\\" have changed");
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactlyInAnyOrder("api:0", "back:1");
        }
    }

    @Test
    void inProductionNothingIsWatched() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, config(true)).start()) {
            assertThat(rt.log()).doesNotContain("Watching the services' files");
        }
    }
}
