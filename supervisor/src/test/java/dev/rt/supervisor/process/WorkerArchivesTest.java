package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.config.install.InstalledKind;
import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.TestServices;
import dev.rt.kind.Kind;
import dev.rt.kind.RunningApplication;
import dev.rt.kind.WorkerContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which archive a worker of a kind maps, when it changes, and which old archives go. */
class WorkerArchivesTest {
    private static final Path JAVA = Path.of("/jdk/bin/java");

    @TempDir
    Path dir;

    private static InstalledKind kind(String name, boolean trains, Path jar) {
        Kind kind = new Kind() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String configSchema() {
                return "{}";
            }

            @Override
            public Optional<String> trainingConfiguration() {
                return trains ? Optional.of("{}") : Optional.empty();
            }

            @Override
            public RunningApplication start(WorkerContext context) {
                throw new UnsupportedOperationException("the test never starts it");
            }
        };
        return new InstalledKind(kind, List.of(jar));
    }

    @Test
    void aWorkerMapsItsKindsArchiveOnceItExistsAndAnotherBuildOfTheKindGetsAnother() throws Exception {
        Path agent = Files.writeString(dir.resolve("rt-worker-agent.jar"), "agent");
        Path jar = Files.writeString(dir.resolve("rt-kind-java.jar"), "kind");
        Path cache = dir.resolve("cache");
        WorkerArchives archives = WorkerArchives.in(cache, JAVA, agent, List.of(kind("java", true, jar)));
        assertThat(archives.jvmOptions("java")).isEmpty();

        Path archive = archives.path("java").orElseThrow();
        Files.createDirectories(cache);
        Files.writeString(archive, "an archive");

        assertThat(archives.jvmOptions("java")).first().isEqualTo("-XX:SharedArchiveFile=" + archive);
        assertThat(archives.jvmOptions("service")).isEmpty();
        Files.writeString(jar, "another build of the kind");
        WorkerArchives rebuilt = WorkerArchives.in(cache, JAVA, agent, List.of(kind("java", true, jar)));
        assertThat(rebuilt.path("java")).get().isNotEqualTo(archive);
        assertThat(rebuilt.jvmOptions("java")).isEmpty();
    }

    @Test
    void aKindWithoutTrainingHasNoArchiveAndTheVariableTurnsThemAllOff() throws Exception {
        Path agent = Files.writeString(dir.resolve("rt-worker-agent.jar"), "agent");
        Path jar = Files.writeString(dir.resolve("kind.jar"), "kind");

        assertThat(WorkerArchives.in(dir, JAVA, agent, List.of(kind("plain", false, jar))).path("plain")).isEmpty();
        List<ServiceConfig> services = List.of(TestServices.service("api"));
        assertThat(WorkerArchives.of(JAVA, agent, services, Map.of("XDG_CACHE_HOME", dir.toString())).path("java"))
                .as("the java kind trains").isPresent();
        assertThat(WorkerArchives.of(JAVA, agent, services, Map.of("XDG_CACHE_HOME", dir.toString(),
                "RT_CLASS_DATA_SHARING", "false")).path("java")).isEmpty();
    }

    @Test
    void archivesLiveInRtCacheDirLikeTheLaunchersElseInTheXdgCache() throws Exception {
        Path agent = Files.writeString(dir.resolve("rt-worker-agent.jar"), "agent");
        List<ServiceConfig> services = List.of(TestServices.service("api"));

        assertThat(WorkerArchives.of(JAVA, agent, services, Map.of("RT_CACHE_DIR", dir.resolve("own").toString(),
                "XDG_CACHE_HOME", dir.resolve("xdg").toString())).path("java")).get()
                .satisfies(archive -> assertThat(archive.getParent()).isEqualTo(dir.resolve("own/workers")));
        assertThat(WorkerArchives.of(JAVA, agent, services, Map.of("XDG_CACHE_HOME", dir.resolve("xdg").toString()))
                .path("java")).get()
                .satisfies(archive -> assertThat(archive.getParent()).isEqualTo(dir.resolve("xdg/rt/workers")));
    }

    @Test
    void aJavaAgentInTheJvmsOwnVariablesTurnsThemAllOffForNoWorkerCouldMapThem() throws Exception {
        Path agent = Files.writeString(dir.resolve("rt-worker-agent.jar"), "agent");
        List<ServiceConfig> services = List.of(TestServices.service("api"));
        String cache = dir.toString();

        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            assertThat(WorkerArchives.of(JAVA, agent, services, Map.of("RT_CACHE_DIR", cache,
                    variable, "-Xss1m -javaagent:/opt/otel/javaagent.jar")).path("java")).as(variable).isEmpty();
            assertThat(WorkerArchives.of(JAVA, agent, services, Map.of("RT_CACHE_DIR", cache, variable, "-Xss1m"))
                    .path("java")).as(variable + " without an agent").isPresent();
        }
    }

    @Test
    void archivesOfOtherBuildsGoBeyondTheMostRecentlyUsedUnlessUsedWithinTheHour() throws Exception {
        Instant now = Instant.parse("2026-11-25T12:00:00Z");
        Path current = dir.resolve("java-current.jsa");
        Files.writeString(current, "current");
        for (int i = 0; i < 7; i++) {
            Path old = Files.writeString(dir.resolve("java-old" + i + ".jsa"), "old");
            Files.setLastModifiedTime(old, FileTime.from(now.minus(Duration.ofHours(2 + i))));
        }
        Path recent = Files.writeString(dir.resolve("java-recent.jsa"), "recent");
        Files.setLastModifiedTime(recent, FileTime.from(now.minus(Duration.ofMinutes(5))));

        WorkerArchives.prune(dir, List.of(current), now);

        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(f -> f.getFileName().toString()).sorted()).containsExactly("java-current.jsa",
                    "java-old0.jsa", "java-old1.jsa", "java-old2.jsa", "java-recent.jsa");
        }
    }

    @Test
    void partialArchivesOfSupervisorsThatAreGoneGoAndARunningOnesStays() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path abandoned = Files.writeString(dir.resolve("service-1a2b.jsa." + gone.pid() + ".part"), "partial");
        Path inProgress = Files.writeString(dir.resolve("service-1a2b.jsa." + ProcessHandle.current().pid() + ".part"),
                "partial");
        Path unrelated = Files.writeString(dir.resolve("notes.part"), "not an archive");

        WorkerArchives.prune(dir, List.of(), Instant.now());

        assertThat(abandoned).doesNotExist();
        assertThat(inProgress).exists();
        assertThat(unrelated).exists();
    }
}
