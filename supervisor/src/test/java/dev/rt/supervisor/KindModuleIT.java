package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kind that is only a module ({@code testdata/kinds/static}, the worked example of docs/architecture.md): rt
 * validates its services with the kind's schema, starts their workers with the kind's jars and no other kind's,
 * and the kind's log lines reach the runtime's log as the worker's.
 */
class KindModuleIT {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void aServiceOfAKindThatIsOnlyAModuleStartsAndServes() throws Exception {
        Path service = Files.createDirectories(dir.resolve("hello"));
        Files.writeString(service.resolve("rt.json"), "{\"static\": {\"body\": \"hello from a module\"}}");

        try (var rt = RuntimeUnderTest.configure(dir, RuntimeUnderTest.runtimeWith("", "hello",
                "{\"id\": \"hello\", \"path\": \"hello\"}")).start()) {
            assertThat(rt.get("/anything").body()).isEqualTo("hello from a module");
            rt.awaitLog("Serving 19 bytes with status 200.", LIMIT);
            JsonNode line = new ObjectMapper().readTree(rt.log().lines().filter(l -> l.contains("Serving 19 bytes"))
                    .findFirst().orElseThrow());
            assertThat(line.path("level").asInt()).isEqualTo(30);
            assertThat(line.path("name").asText()).isEqualTo("hello");
            assertThat(line.path("worker").asInt()).isZero();
            assertThat(line.path("pid").asLong()).isEqualTo(rt.worker("hello:0").pid());

            List<String> classPath = List.of(commandLine(rt.worker("hello:0")).split(" -cp ")[1].split(" ")[0]
                    .split(":"));
            assertThat(classPath).anyMatch(entry -> entry.endsWith("/static/lib/rt-kind-static.jar"));
            assertThat(classPath).noneMatch(entry -> entry.contains("rt-kind-java"));
        }
    }

    @Test
    void itsSchemaRefusesWhatItDoesNotKnow() throws Exception {
        Path service = Files.createDirectories(dir.resolve("hello"));
        Files.writeString(service.resolve("rt.json"), "{\"static\": {\"body\": \"x\", \"colour\": \"red\"}}");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RuntimeUnderTest.configure(dir,
                RuntimeUnderTest.runtimeWith("", "hello", "{\"id\": \"hello\", \"path\": \"hello\"}")))
                .hasMessageContaining(service.resolve("rt.json") + ": /static/colour:");
    }

    private static String commandLine(WorkerView worker) {
        return ProcessHandle.of(worker.pid()).orElseThrow().info().commandLine().orElseThrow();
    }
}
