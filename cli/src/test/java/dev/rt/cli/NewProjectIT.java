package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user's first minutes, on the distribution: from an empty directory, {@code rt create --dir app}, a second
 * service with {@code rt java create} inside it, then {@code cd app && rt build && rt start} answers on the sample
 * routes, and each generated service's own {@code ./mvnw test} passes. Maven works in a local repository of the
 * test's own (reading the machine's as a read-only tail), so rt's artifacts are published where nothing else looks.
 */
class NewProjectIT {
    private static final Duration BUILD = Duration.ofMinutes(6);

    @TempDir
    Path work;

    @Test
    void createdProjectBuildsStartsAnswersAndPassesItsOwnTests() throws Exception {
        Map<String, String> env = mavenEnv();
        Path empty = Files.createDirectories(work.resolve("empty"));
        String created = rt(empty, env, "create", "--dir", "app");
        assertThat(created).contains("rt: wrote 16 files into " + empty.resolve("app"),
                "rt: the runtime's entrypoint is \"api\", a service application in services/api",
                "rt: put rt's Maven artifacts", "  api  installed in", "rt: next: cd app && rt build && rt start");
        Path app = empty.resolve("app");
        assertThat(git(app, "log", "--format=%s")).isEqualTo("A new rt project\n");
        assertThat(git(app, "ls-files")).contains("services/api/pom.xml", "services/api/mvnw", ".env.sample")
                .doesNotContain(".env\n");
        assertThat(Files.readString(app.resolve(".env"))).contains("PORT=3042", "RT_SERVER_HOSTNAME=0.0.0.0");

        String second = rt(app, env, "java", "create", "--name", "clock", "--no-install");
        assertThat(second).contains("rt: created the java application \"clock\", which the runtime in " + app
                + " starts with the others");
        assertThat(app.resolve("services/clock/src/main/java/com/example/clock/Clock.java")).isRegularFile();

        String built = rt(app, env, "build");
        assertThat(built).contains("rt: building 2 services: api, clock").containsPattern("  api    built in [0-9.]+ s")
                .containsPattern("  clock  built in [0-9.]+ s");

        Map<String, String> startEnv = new java.util.HashMap<>(env);
        startEnv.put("PORT", "0");
        try (RtProcess rt = RtProcess.start(app, startEnv, "start")) {
            String url = rt.awaitListening(Duration.ofSeconds(90)).replace("[0:0:0:0:0:0:0:0]", "127.0.0.1");
            assertThat(get(url + "/hello")).isEqualTo("200 {\"message\":\"Hello from api\"}");
            assertThat(get(url + "/documentation/json")).contains("\"operationId\":\"getHello\"");
        }
        for (String service : List.of("api", "clock")) {
            String tested = run(app.resolve("services").resolve(service), env, "./mvnw", "-B", "-ntp", "test");
            assertThat(tested).contains("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0", "BUILD SUCCESS");
        }
    }

    @Test
    void aFailingBuildNamesTheServiceAndShowsItsOwnOutput() throws Exception {
        Map<String, String> env = mavenEnv();
        assertThat(rt(work, env, "create", "--dir", "app", "--no-git", "--no-install")).contains("rt: wrote");
        Path plugin = work.resolve("app/services/api/src/main/java/com/example/api/HelloPlugin.java");
        Files.writeString(plugin, Files.readString(plugin).replace("greeting + \" from \"", "greeting +"));
        RtProcess rt = RtProcess.start(work.resolve("app"), env, "build");
        assertThat(rt.awaitExit(BUILD)).isEqualTo(1);
        rt.awaitOutputEnd(Duration.ofSeconds(10));
        assertThat(rt.stdout()).contains("  api  FAILED in");
        assertThat(rt.stderr()).contains("api | ", "HelloPlugin.java", "rt: the build failed (see above)");
    }

    /** Maven's local repository for this test: a new one, reading the machine's as a tail. */
    private Map<String, String> mavenEnv() {
        Path machine = Path.of(System.getProperty("user.home"), ".m2", "repository");
        return Map.of("MAVEN_ARGS", "-Dmaven.repo.local=" + work.resolve("m2") + " -Dmaven.repo.local.tail=" + machine);
    }

    private static String rt(Path directory, Map<String, String> env, String... args) throws Exception {
        try (RtProcess rt = RtProcess.start(directory, env, args)) {
            int status = rt.awaitExit(BUILD);
            rt.awaitOutputEnd(Duration.ofSeconds(10));
            assertThat(status).as("rt %s\nstdout:\n%s\nstderr:\n%s", String.join(" ", args), rt.stdout(), rt.stderr())
                    .isZero();
            return rt.stdout();
        }
    }

    private static String run(Path directory, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(BUILD.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + ":\n" + output).isZero();
        return output;
    }

    private static String git(Path directory, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        return run(directory, Map.of(), command.toArray(String[]::new));
    }

    private static String get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build()
                .send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                        HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }
}
