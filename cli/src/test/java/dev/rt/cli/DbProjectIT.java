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
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user's db project on the distribution: from an empty directory, {@code rt create --kind db} (a runtime whose
 * entrypoint is a db application) and {@code rt db create} inside it, then {@code rt build} and {@code rt start}: the
 * sample migration's table answers over REST, the generated service's own {@code ./mvnw test} passes, and the clients
 * {@code rt client} generates from the running service (Java, by URL and through the management API; TypeScript)
 * call every operation of it.
 */
class DbProjectIT {
    private static final Duration BUILD = Duration.ofMinutes(6);

    @TempDir
    static Path work;
    private static Map<String, String> env;
    private static Path app;
    private static RtProcess runtime;
    private static String url;

    @BeforeAll
    static void createBuildAndStart() throws Exception {
        Path machine = Path.of(System.getProperty("user.home"), ".m2", "repository");
        env = Map.of("MAVEN_ARGS", "-Dmaven.repo.local=" + work.resolve("m2") + " -Dmaven.repo.local.tail=" + machine);
        Path empty = Files.createDirectories(work.resolve("empty"));
        assertThat(ProjectRuns.rt(empty, env, "create", "--kind", "db", "--name", "movies", "--dir", "app"))
                .contains("rt: the runtime's entrypoint is \"movies\", a db application in services/movies",
                        "  movies  installed in", "rt: next: cd app && rt build && rt start");
        app = empty.resolve("app");
        assertThat(app.resolve("services/movies/migrations/001.do.sql")).content().contains("CREATE TABLE movies");
        assertThat(ProjectRuns.rt(app, env, "db", "create", "--name", "reviews", "--no-install"))
                .contains("rt: created the db application \"reviews\", which the runtime in " + app);
        assertThat(ProjectRuns.rt(app, env, "build")).contains("rt: building 2 services: movies, reviews")
                .containsPattern("  movies   built in [0-9.]+ s").containsPattern("  reviews  built in [0-9.]+ s");
        Map<String, String> startEnv = new HashMap<>(env);
        startEnv.put("PORT", "0");
        runtime = RtProcess.start(app, startEnv, "start");
        url = runtime.awaitListening(Duration.ofSeconds(120)).replace("[0:0:0:0:0:0:0:0]", "127.0.0.1");
    }

    @AfterAll
    static void stop() {
        if (runtime != null) {
            runtime.close();
        }
    }

    @Test
    void theSampleMigrationsTableAnswersOverRestAndTheServicesOwnTestsPass() throws Exception {
        assertThat(send("POST", "/movies", "{\"title\": \"Rest Sunrise\", \"year\": 1927}"))
                .startsWith("200 {\"id\":").contains("\"title\":\"Rest Sunrise\",\"year\":1927}");
        assertThat(send("GET", "/movies?where.title.eq=Rest%20Sunrise&fields=title,year", null))
                .isEqualTo("200 [{\"title\":\"Rest Sunrise\",\"year\":1927}]");
        assertThat(send("GET", "/hello", null)).isEqualTo("200 {\"message\":\"Hello from movies\"}");
        assertThat(send("GET", "/documentation/json", null)).contains("\"operationId\":\"getMovies\"");
        String tested = ProjectRuns.run(app.resolve("services/movies"), env, "./mvnw", "-B", "-ntp", "test");
        assertThat(tested).contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0", "BUILD SUCCESS");
    }

    @Test
    void javaClientsOfTheRunningServiceCallEveryOperation() throws Exception {
        Path caller = Files.createDirectories(work.resolve("caller"));
        Files.writeString(caller.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\"}");
        Path sources = work.resolve("java");
        assertThat(ProjectRuns.rt(app, env, "client", "-R", "movies", "--folder", sources.resolve("movies").toString(),
                "-c", caller.resolve("rt.json").toString())).contains("(package movies)",
                "rt: added the client of \"movies\" (http://movies.rt.local, through the mesh)");
        // the other db service, created by rt db create, serves its own migration's table
        assertThat(ProjectRuns.rt(app, env, "client", "-R", "reviews", "--folder", sources.resolve("reviews").toString(),
                "--skip-config-update")).contains("(package reviews)");
        assertThat(sources.resolve("reviews/ReviewsClient.java")).content().contains("public List<Movie> getMovies(");
        assertThat(ProjectRuns.rt(work, env, "client", url + "/documentation/json", "--name", "by-url", "--folder",
                sources.resolve("byurl").toString(), "--skip-config-update")).contains("(package byurl)");
        Path client = sources.resolve("movies/MoviesClient.java");
        Files.writeString(sources.resolve("movies/Calls.java"), DbClientCalls.java(client));
        Path classes = JavaSources.compile(sources, Files.createDirectories(work.resolve("classes")));
        assertThat(JavaSources.call(classes, "movies.Calls", "run", url)).isEqualTo(DbClientCalls.expected("Java"));
        assertThat(send("GET", "/movies?where.title.like=Java%25", null)).isEqualTo("200 []");
    }

    @Test
    void theTypeScriptClientTypeChecksStrictlyAndCallsEveryOperationUnderNode22() throws Exception {
        Path web = Files.createDirectories(work.resolve("web"));
        ProjectRuns.rt(work, env, "client", url, "--frontend", "--language", "ts", "--name", "movies", "--folder",
                web.toString());
        Files.writeString(web.resolve("usage.ts"), DbClientCalls.typeScript(url));
        NodeTools.tsc(web, "--strict", "--noEmit", "--target", "es2022", "--module", "es2022", "--moduleResolution",
                "bundler", "--lib", "es2022,dom", "movies.ts", "movies-types.d.ts", "usage.ts");
        NodeTools.tsc(web, "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler",
                "--lib", "es2022,dom", "--outDir", "out", "movies.ts", "usage.ts");
        Files.writeString(web.resolve("out/package.json"), "{\"type\": \"module\"}");
        assertThat(NodeTools.node(web.resolve("out"), "usage.js").strip()).isEqualTo(DbClientCalls.expected("TS"));
        assertThat(send("GET", "/movies?where.title.like=TS%25", null)).isEqualTo("200 []");
    }

    private static String send(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30))
                .header("content-type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = HttpClient.newBuilder().proxy(HttpClient.Builder.NO_PROXY).build()
                .send(request.build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.body();
    }
}
