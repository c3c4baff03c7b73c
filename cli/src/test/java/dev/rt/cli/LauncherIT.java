package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/rt}'s class-data archives for short commands, in a cache directory of the test's own. */
class LauncherIT {
    @TempDir
    Path cache;

    private final Path launcher = Fixtures.testdata().getParent().resolve("bin").resolve("rt");

    @BeforeEach
    void theJarIsNewerThanTheSources() throws Exception {
        // Otherwise bin/rt would run Maven inside this build.
        Process find = new ProcessBuilder("find", "pom.xml", "protocol", "kind-api", "kinds", "config", "worker-agent",
                "supervisor", "cli", "testdata", "-path", "*/src/*", "-type", "f", "-newer", RtProcess.cliJar().toString())
                .directory(launcher.getParent().getParent().toFile()).redirectErrorStream(true).start();
        String newer = new String(find.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(find.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(newer).as("sources newer than %s: bin/rt would rebuild rt", RtProcess.cliJar()).isEmpty();
    }

    private String run(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("RT_CACHE_DIR", cache.toString());
        builder.environment().remove("RT_JAVA_OPTS");
        builder.environment().remove("RT_CLASS_DATA_SHARING");
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }

    private List<String> archives() throws IOException {
        try (Stream<Path> files = Files.list(cache)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void eachShortCommandWritesItsOwnArchiveOnceAndThenRunsWithIt() throws Exception {
        assertThat(run(Map.of(), "--version")).startsWith("rt ");
        assertThat(archives()).singleElement().asString().matches("cli-\\d+-version\\.jsa");
        Path version = cache.resolve(archives().get(0));
        FileTime written = Files.getLastModifiedTime(version);
        long size = Files.size(version);

        assertThat(run(Map.of(), "--version")).startsWith("rt ");
        assertThat(Files.getLastModifiedTime(version)).isEqualTo(written);
        assertThat(Files.size(version)).isEqualTo(size);

        String key = version.getFileName().toString().split("-")[1];
        assertThat(run(Map.of(), "start", "--check", "-c", Fixtures.testdata().resolve("demo").toString()))
                .contains("valid; 2 services");
        assertThat(archives()).containsExactly("cli-" + key + "-start-check.jsa", "cli-" + key + "-version.jsa");
        assertThat(Files.size(cache.resolve("cli-" + key + "-start-check.jsa")))
                .as("start --check loads twice the classes --version does").isGreaterThan(size);
    }

    @Test
    void aKindsStartIsTheRuntimeProcessItselfSoThatSigtermStopsItAndItsWorkers() throws Exception {
        Path service = Files.createDirectories(cache.resolve("service"));
        Files.writeString(service.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\","
                + " \"server\": {\"hostname\": \"127.0.0.1\", \"port\": 0}}");
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(), "service", "start", "--no-pretty", "-c",
                service.toString()).redirectErrorStream(true);
        builder.environment().put("RT_CACHE_DIR", cache.toString());
        builder.environment().remove("RT_JAVA_OPTS");
        Process rt = builder.start();
        List<ProcessHandle> started = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(rt.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = lines.readLine();
            } while (line != null && !line.contains("rt is now listening at"));
            assertThat(line).as("rt service start listens").isNotNull();
            rt.descendants().forEach(started::add);
            assertThat(started).as("the runtime's processes").isNotEmpty();
            rt.destroy(); // SIGTERM, to the process the user started
            assertThat(rt.waitFor(60, TimeUnit.SECONDS)).isTrue();
            List<Long> outlived = new ArrayList<>();
            for (ProcessHandle process : started) {
                try {
                    process.onExit().get(10, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    outlived.add(process.pid());
                }
            }
            assertThat(outlived).as("processes that outlived the rt the user stopped").isEmpty();
            assertThat(rt.exitValue()).as("a graceful stop").isZero();
        } finally {
            rt.destroyForcibly();
            started.forEach(ProcessHandle::destroyForcibly);
        }
    }

    /**
     * The first run of a short command after a build writes its archive, in a JVM of its own: that JVM too gets
     * {@code TMPDIR} as its temporary directory, where the management sockets are, so it finds the runtimes started
     * with the same {@code TMPDIR} and none of another's.
     */
    @Test
    void aShortCommandsFirstRunLooksForRuntimesInTmpdirAsLaterRunsDo(@TempDir Path work) throws Exception {
        Path mine = Files.createDirectories(work.resolve("tmp-mine"));
        Path other = Files.createDirectories(work.resolve("tmp-other"));
        Path project = Files.createDirectories(work.resolve("project"));
        Files.writeString(project.resolve("rt.json"), "{\"managementApi\": true, \"entrypoint\": \"api\","
                + " \"server\": {\"port\": 0}, \"services\": [" + Fixtures.service("api", "probe", "") + "]}");
        try (RtProcess found = managed(project, mine); RtProcess hidden = managed(project, other)) {
            Map<String, String> env = Map.of("TMPDIR", mine.toString());

            String first = run(env, "ps");
            assertThat(archives()).as("the first run wrote its archive").anyMatch(name -> name.endsWith("-ps.jsa"));
            String again = run(env, "ps");

            for (String listed : List.of(first, again)) {
                assertThat(listed).containsPattern("(?m)^" + found.pid() + " ")
                        .doesNotContainPattern("(?m)^" + hidden.pid() + " ");
            }
        }
    }

    private static RtProcess managed(Path project, Path tmpdir) throws Exception {
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmpdir), project,
                Map.of("RT_CLASS_DATA_SHARING", "false"), "start", "--no-pretty");
        rt.awaitListening(Duration.ofSeconds(90));
        rt.awaitStdout("The management API is listening on", Duration.ofSeconds(30));
        return rt;
    }

    /** The JVM refuses to write an archive with a Java agent, and one read with an agent can define a class twice. */
    @Test
    void aJavaAgentInJavaToolOptionsRunsTheCommandWithoutArchives() throws Exception {
        String agent = "-javaagent:" + Fixtures.testdata().resolve("target/rt-testdata-preload.jar");

        assertThat(run(Map.of("JAVA_TOOL_OPTIONS", agent), "--version")).contains("preload agent loaded", "rt ");
        assertThat(run(Map.of("JDK_JAVA_OPTIONS", agent), "--version")).contains("preload agent loaded", "rt ");
        assertThat(archives()).isEmpty();
    }

    @Test
    void noArgumentsPrintTheUsageLikeTheJarDoes() throws Exception {
        assertThat(run(Map.of())).startsWith("Usage: rt ").contains("Exit status:");
    }

    @Test
    void noArchiveWhenClassDataSharingIsOff() throws Exception {
        assertThat(run(Map.of("RT_CLASS_DATA_SHARING", "false"), "--version")).startsWith("rt ");
        assertThat(archives()).isEmpty();
    }

    @Test
    void archivesOfOtherBuildsAreCutToTheFourNewestWhileTheCurrentOnesStay() throws Exception {
        run(Map.of(), "--version");
        String current = archives().get(0);
        Instant now = Instant.now();
        for (int i = 1; i <= 6; i++) {
            Path old = Files.createFile(cache.resolve("cli-" + i + "-version.jsa"));
            Files.setLastModifiedTime(old, FileTime.from(now.minusSeconds(600 - i)));
        }
        Files.setLastModifiedTime(cache.resolve(current), FileTime.from(now.minusSeconds(3600)));

        run(Map.of(), "schema", "config");

        String key = current.split("-")[1];
        assertThat(archives()).containsExactlyInAnyOrder("cli-3-version.jsa", "cli-4-version.jsa", "cli-5-version.jsa",
                "cli-6-version.jsa", current, "cli-" + key + "-schema.jsa");
    }
}
