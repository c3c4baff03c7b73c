package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.process.ClassDataArchive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's class-data sharing archive: made in the background once the runtime runs, then used by workers. */
class ClassDataSharingTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @Test
    void theArchiveIsMadeAfterStartAndWorkersStartedLaterMapIt() throws Exception {
        Path agent = Files.copy(Path.of(System.getProperty("rt.agent.jar")), dir.resolve("rt-worker-agent.jar"),
                StandardCopyOption.REPLACE_EXISTING);
        String previous = System.setProperty("rt.agent.jar", agent.toString());
        try (var rt = RuntimeUnderTest.configureWithEnvironment(dir, runtime("api", service("api", "probe")), Map.of())
                .start()) {
            ClassDataArchive archive = ClassDataArchive.forAgent(Path.of(ProcessHandle.current().info().command()
                    .orElseThrow()), agent, Map.of());
            assertThat(commandLine(rt.worker("api:0"))).noneMatch(arg -> arg.startsWith("-XX:SharedArchiveFile"));

            rt.awaitLog("Workers started from now on use the class-data sharing archive", LIMIT);
            assertThat(archive.path()).isRegularFile();
            rt.kill("api:0");
            rt.awaitLog("The worker 1 of the service \\\"api\\\" has been successfully restarted.", LIMIT);

            assertThat(commandLine(rt.worker("api:1"))).contains("-XX:SharedArchiveFile=" + archive.path());
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        } finally {
            System.setProperty("rt.agent.jar", previous);
        }
    }

    @Test
    void withoutTheVariableOrWithAnotherJarThereIsNoArchiveToUse() throws Exception {
        Path agent = Files.writeString(dir.resolve("rt-worker-agent.jar"), "not really a jar");
        Path java = Path.of("/jdk/bin/java");
        ClassDataArchive archive = ClassDataArchive.forAgent(java, agent, Map.of());
        Files.writeString(archive.path(), "an archive");

        assertThat(archive.jvmOptions()).first().isEqualTo("-XX:SharedArchiveFile=" + archive.path());
        assertThat(ClassDataArchive.forAgent(java, agent, Map.of("RT_CLASS_DATA_SHARING", "false")).jvmOptions()).isEmpty();
        Files.writeString(agent, "another build of the agent");
        assertThat(ClassDataArchive.forAgent(java, agent, Map.of()).path()).isNotEqualTo(archive.path());
        assertThat(ClassDataArchive.forAgent(java, agent, Map.of()).jvmOptions()).isEmpty();
    }

    private static List<String> commandLine(WorkerView worker) {
        return List.of(ProcessHandle.of(worker.pid()).orElseThrow().info().arguments().orElseThrow());
    }
}
