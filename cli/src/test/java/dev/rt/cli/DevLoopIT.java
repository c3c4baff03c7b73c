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
 * The development loop on the distribution, with no Maven: a created project compiled by {@code rt compile}, started
 * with {@code rt start --dev} (its runtime has {@code watch}); an edited plugin source is compiled by rt itself and
 * the service restarted with the new code; a source that does not compile is reported and the service keeps running.
 */
class DevLoopIT {
    private static final Duration LIMIT = Duration.ofSeconds(120);

    @TempDir
    Path work;

    @Test
    void aChangedPluginSourceIsCompiledAndTheServiceRestartedWithIt() throws Exception {
        run(work, "create", "--dir", "app", "--no-git", "--no-install");
        Path app = work.resolve("app");
        run(app, "compile");
        Path plugin = app.resolve("services/api/src/main/java/com/example/api/HelloPlugin.java");
        try (RtProcess rt = RtProcess.start(app, Map.of("PORT", "0"), "start", "--dev")) {
            String url = rt.awaitListening(LIMIT).replace("[0:0:0:0:0:0:0:0]", "127.0.0.1");
            assertThat(get(url + "/hello")).isEqualTo("200 {\"message\":\"Hello from api\"}");

            Files.writeString(plugin, Files.readString(plugin).replace("greeting + \" from \"", "greeting + \" again from \""));
            rt.awaitStderr("rt: api: compiled", LIMIT);
            rt.awaitStdout("has been successfully reloaded", LIMIT);
            assertThat(get(url + "/hello")).isEqualTo("200 {\"message\":\"Hello again from api\"}");

            Files.writeString(plugin, Files.readString(plugin).replace("greeting + \" again from \"", "greeting +"));
            assertThat(rt.awaitStderr("HelloPlugin.java", LIMIT)).contains("HelloPlugin.java");
            rt.awaitStderr("rt: api: compilation failed", LIMIT);
            assertThat(get(url + "/hello")).isEqualTo("200 {\"message\":\"Hello again from api\"}");
        }
    }

    @Test
    void aServiceAddedAndStartedByAReloadHasItsChangedSourcesCompiledToo() throws Exception {
        run(work, "create", "--dir", "app", "--no-git", "--no-install");
        Path app = work.resolve("app");
        run(app, "compile");
        try (RtProcess rt = RtProcess.start(app, Map.of("PORT", "0"), "start", "--dev")) {
            rt.awaitListening(LIMIT);
            run(app, "service", "create", "--name", "extra", "--no-git", "--no-install");
            run(app, "compile");
            run(app, "ctl", "reload", "-p", Long.toString(rt.pid()));
            rt.awaitStdout("The runtime has been restarted.", LIMIT);
            // the log is JSON lines, its quotes escaped
            assertThat(rt.stdout()).contains("Started the worker 0 of the service \\\"extra\\\" on port");

            Path plugin = app.resolve("services/extra/src/main/java/com/example/extra/HelloPlugin.java");
            Files.writeString(plugin, Files.readString(plugin).replace("greeting + \" from \"", "greeting + \" again from \""));
            rt.awaitStderr("rt: extra: compiled", LIMIT);
            rt.awaitStdout("The service \\\"extra\\\" has been successfully reloaded.", LIMIT);
        }
    }

    private static void run(Path directory, String... args) throws Exception {
        try (RtProcess rt = RtProcess.start(directory, Map.of(), args)) {
            int status = rt.awaitExit(LIMIT);
            rt.awaitOutputEnd(Duration.ofSeconds(10));
            assertThat(status).as("rt %s\nstdout:\n%s\nstderr:\n%s", String.join(" ", args), rt.stdout(), rt.stderr())
                    .isZero();
        }
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }
}
