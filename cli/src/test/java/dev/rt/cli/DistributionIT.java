package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tar.gz as a user installs it: unpacked somewhere of its own, run through its own {@code bin/rt}, with no
 * checkout and no Maven beside it; it finds its agent and its kinds from where it is.
 */
class DistributionIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    @Test
    void theUnpackedArchiveRunsTheDemoThroughItsOwnLauncher() throws Exception {
        Path archive;
        try (Stream<Path> files = Files.list(RtProcess.cliJar().getParent().getParent().getParent())) {
            archive = files.filter(f -> f.getFileName().toString().matches("rt-.+\\.tar\\.gz")).findFirst().orElseThrow();
        }
        Path opt = Files.createDirectories(dir.resolve("opt/rt"));
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", opt.toString(), "--strip-components=1")
                .inheritIO().start();
        assertThat(tar.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(tar.exitValue()).isZero();
        assertThat(opt.resolve("bin/rt")).isExecutable();
        assertThat(opt.resolve("lib/rt.jar")).isRegularFile();
        assertThat(opt.resolve("agent/rt-worker-agent.jar")).isRegularFile();
        assertThat(opt.resolve("kinds/java/lib/rt-kind-java.jar")).isRegularFile();
        try (Stream<Path> jars = Files.walk(opt)) {
            assertThat(jars.filter(f -> f.toString().endsWith(".jar")).map(f -> opt.relativize(f).toString()))
                    .as("no example kind ships").noneMatch(f -> f.startsWith("kinds/static"));
        }

        Path demo = Fixtures.testdata().resolve("demo/services");
        Path config = Files.writeString(dir.resolve("rt.json"), "{\"entrypoint\": \"hello\", \"server\": {\"hostname\":"
                + " \"127.0.0.1\", \"port\": 0}, \"services\": [{\"id\": \"greeter\", \"path\": \"" + demo.resolve("greeter")
                + "\"}, {\"id\": \"hello\", \"path\": \"" + demo.resolve("hello") + "\"}]}");
        try (RtProcess rt = RtProcess.launch(opt.resolve("bin/rt"), dir, Map.of("RT_CACHE_DIR",
                dir.resolve("cache").toString(), "XDG_CACHE_HOME", dir.resolve("cache").toString()),
                "start", "-c", config.toString())) {
            String url = rt.awaitListening(LIMIT);
            HttpResponse<String> hello = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + "/hello")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(hello.statusCode()).isEqualTo(200);
            assertThat(hello.body()).contains("Hello, world!");
            List<String> workerClassPath = List.of(ProcessHandle.of(rt.workerPids().iterator().next()).orElseThrow()
                    .info().commandLine().orElseThrow().split(" -cp ")[1].split(" ")[0].split(":"));
            assertThat(workerClassPath.subList(0, 2)).containsExactly(opt.resolve("agent/rt-worker-agent.jar").toString(),
                    opt.resolve("kinds/java/lib/rt-kind-java.jar").toString());
            rt.signal("TERM");
            assertThat(rt.awaitExit(LIMIT)).isZero();
        }
    }
}
