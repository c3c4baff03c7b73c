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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Gradle path of {@code rt install} and {@code rt build}: a service with a {@code build.gradle} and no wrapper is
 * installed and built with the machine's {@code gradle} (Debian's package, which .ci/tools installs: Gradle 4.4.1,
 * which runs on JDK 17 and compiles with {@code --release 17}); then {@code rt start} serves the classes it built. A
 * Gradle wrapper would download its distribution, which this machine cannot, so the wrapper itself is not run here.
 */
class GradleProjectIT {
    @TempDir
    Path work;

    @Test
    void aGradleServiceIsInstalledBuiltAndStarted() throws Exception {
        Path clock = Files.createDirectories(work.resolve("clock/src/main/java/clock"));
        Files.writeString(work.resolve("rt.json"), """
                {"$schema": "https://schemas.rt.dev/runtime/1.0.0.json", "entrypoint": "clock",
                 "server": {"hostname": "127.0.0.1", "port": 0},
                 "services": [{"id": "clock", "path": "clock"}]}
                """);
        Path project = work.resolve("clock");
        Files.writeString(project.resolve("rt.json"), """
                {"$schema": "https://schemas.rt.dev/java/1.0.0.json",
                 "java": {"classpath": ["build/classes/java/main"], "build": "clock.Clock"}}
                """);
        Files.writeString(project.resolve("settings.gradle"), "rootProject.name = 'clock'\n");
        Files.writeString(project.resolve("gradle.properties"), "org.gradle.daemon=false\n");
        Files.writeString(project.resolve("build.gradle"), """
                apply plugin: 'java'
                repositories { mavenCentral() }
                dependencies { compile 'com.fasterxml.jackson.core:jackson-core:2.17.2' }
                tasks.withType(JavaCompile) { options.compilerArgs.addAll(['--release', '17']) }
                """);
        Files.writeString(clock.resolve("Clock.java"), """
                package clock;

                import com.sun.net.httpserver.HttpHandler;
                import java.nio.charset.StandardCharsets;

                public final class Clock {
                    private Clock() {
                    }

                    /** A record, so that the build needs Java 16 or later. */
                    record Answer(String text) {
                    }

                    public static HttpHandler build() {
                        return exchange -> {
                            try (exchange) {
                                byte[] body = new Answer("built by gradle").text().getBytes(StandardCharsets.UTF_8);
                                exchange.sendResponseHeaders(200, body.length);
                                exchange.getResponseBody().write(body);
                            }
                        };
                    }
                }
                """);
        Map<String, String> env = Map.of("GRADLE_USER_HOME", work.resolve("gradle-home").toString());
        assertThat(ProjectRuns.rt(work, env, "install")).containsPattern("  clock  installed in [0-9.]+ s \\(Gradle\\)");
        assertThat(work.resolve("gradle-home/caches")).isDirectory();
        assertThat(ProjectRuns.rt(work, env, "build")).containsPattern("  clock  built in [0-9.]+ s \\(Gradle\\)");
        assertThat(project.resolve("build/classes/java/main/clock/Clock.class")).isRegularFile();
        try (RtProcess rt = RtProcess.start(work, env, "start")) {
            String url = rt.awaitListening(Duration.ofSeconds(120));
            HttpResponse<String> response = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build().send(
                    HttpRequest.newBuilder(URI.create(url + "/time")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode() + " " + response.body()).isEqualTo("200 built by gradle");
        }
    }
}
