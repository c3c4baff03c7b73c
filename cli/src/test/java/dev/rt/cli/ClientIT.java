package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.cli.e2e.RtProcess;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rt client} on the distribution, against the catalogue services (testdata/services/catalogue): the Java
 * clients compile without a warning and call every operation of the running service; the browser clients type-check
 * with tsc and run under Node against it.
 */
class ClientIT {
    private static final Path CATALOGUE = Fixtures.testdata().resolve("services/catalogue");
    private static RtProcess runtime;
    private static String url;

    @TempDir
    Path work;

    @BeforeAll
    static void startCatalogue() throws Exception {
        runtime = RtProcess.start(CATALOGUE, Map.of(), "start");
        url = runtime.awaitListening(Duration.ofSeconds(90));
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static String rt(Path directory, int expected, String... args) throws Exception {
        try (RtProcess rt = RtProcess.start(directory, Map.of(), args)) {
            int status = rt.awaitExit(Duration.ofMinutes(2));
            rt.awaitOutputEnd(Duration.ofSeconds(10));
            assertThat(status).as("rt %s\nstdout:\n%s\nstderr:\n%s", String.join(" ", args), rt.stdout(), rt.stderr())
                    .isEqualTo(expected);
            return rt.stdout() + "\n" + rt.stderr();
        }
    }

    @Test
    void aJavaClientOfARuntimesServiceCompilesCleanlyAndCallsEveryOperation() throws Exception {
        Path service = Files.createDirectories(work.resolve("caller"));
        Path callerPlugin = Fixtures.testdata().resolve("service-plugins/target/fixtures/caller");
        Files.writeString(service.resolve("rt.json"), "{\"$schema\": \"https://schemas.rt.dev/service/1.0.0.json\","
                + " \"plugins\": {\"paths\": [\"" + callerPlugin + "\"]}}");
        String output = rt(CATALOGUE, 0, "client", "-R", "movies", "--folder", work.resolve("src/movies").toString(),
                "-c", service.resolve("rt.json").toString());
        assertThat(output).contains("(package movies)", "rt: added the client of \"movies\" (http://movies.rt.local,"
                + " through the mesh) to " + service.resolve("rt.json"));
        assertThat(Files.readString(service.resolve("rt.json"))).contains(",\n  \"clients\": [{ \"serviceId\": \"movies\" }]}")
                .doesNotContain("\"url\"");
        assertThat(Files.readString(work.resolve("src/movies/MoviesClient.java")))
                .contains("URI.create(\"http://movies.rt.local\")");
        Files.writeString(work.resolve("src/movies/Calls.java"), """
                package movies;

                import java.net.URI;
                import java.util.List;
                import java.util.Map;

                public final class Calls {
                    private Calls() {
                    }

                    public static String run(String base) throws Exception {
                        MoviesClient client = new MoviesClient(URI.create(base));
                        StringBuilder out = new StringBuilder(client.getGreeting().greeting());
                        CreateMovieResponse created = client.createMovie(new CreateMovieBody("Metropolis", 1927L));
                        out.append('|').append(created.title()).append(',').append(created.year());
                        List<?> movies = (List<?>) client.getMovies(100L);
                        out.append('|').append(movies.isEmpty() ? "none" : "some");
                        Map<?, ?> first = (Map<?, ?>) client.getMovieById(1L);
                        out.append('|').append(first.get("title") instanceof String ? "titled" : first);
                        try {
                            client.getMovieById(9999L);
                        } catch (MoviesClientException e) {
                            out.append('|').append(e.statusCode());
                        }
                        return out.toString();
                    }
                }
                """);
        Path classes = JavaSources.compile(work.resolve("src"), Files.createDirectories(work.resolve("classes")));
        assertThat(JavaSources.call(classes, "movies.Calls", "run", url))
                .isEqualTo("hi from movies|Metropolis,1927|some|titled|404");
        // the entry rt client wrote is what the service kind hands to the caller's plugin as its client of movies
        Files.writeString(work.resolve("rt.json"), """
                {"$schema": "https://schemas.rt.dev/runtime/1.0.0.json", "entrypoint": "caller",
                 "server": {"hostname": "127.0.0.1", "port": 0},
                 "services": [{"id": "movies", "path": "%s"}, {"id": "caller", "path": "caller"}]}
                """.formatted(CATALOGUE.resolve("movies")));
        try (RtProcess callers = RtProcess.start(work, Map.of(), "start")) {
            String callerUrl = callers.awaitListening(Duration.ofSeconds(90));
            HttpResponse<String> called = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(callerUrl + "/call")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(called.statusCode()).as(called.body()).isEqualTo(200);
            assertThat(called.body()).contains("\"from\":{\"greeting\":\"hi from movies\"}",
                    "\"via\":\"http://movies.rt.local\"");
        }
    }

    @Test
    void everyJavaClientOptionCompilesAndTheFullFormsCallTheService() throws Exception {
        rt(CATALOGUE, 0, "client", "-R", "movies", "--name", "full-movies", "--folder", work.resolve("src/fullmovies")
                .toString(), "--full", "--validate-response", "--types-comment", "--props-optional",
                "--optional-headers", "x-tenant", "--skip-config-update");
        Files.writeString(work.resolve("src/fullmovies/Calls.java"), """
                package fullmovies;

                import java.net.URI;

                public final class Calls {
                    private Calls() {
                    }

                    public static String run(String base) throws Exception {
                        FullMoviesClient client = new FullMoviesClient(URI.create(base));
                        FullMoviesClientResponse<CreateMovieResponse> created = client.createMovie(
                                new CreateMovieRequest(new CreateMovieBody("Nosferatu", 1922L)));
                        String greeting = client.getGreeting(new GetGreetingRequest()).body().greeting();
                        return created.statusCode() + " " + created.headers().get("content-type") + " "
                                + created.body().title() + " " + greeting + " "
                                + client.getMovies(new GetMoviesRequest(1L)).statusCode();
                    }
                }
                """);
        Path classes = JavaSources.compile(work.resolve("src"), Files.createDirectories(work.resolve("classes")));
        assertThat(JavaSources.call(classes, "fullmovies.Calls", "run", url))
                .isEqualTo("200 [application/json] Nosferatu hi from movies 200");
        rt(CATALOGUE, 0, "client", "-R", "movies", "--name", "typesonly", "--folder", work.resolve("types").toString(),
                "--types-only", "--skip-config-update");
        try (var files = Files.list(work.resolve("types"))) {
            assertThat(files.map(p -> p.getFileName().toString())).contains("CreateMovieBody.java", "Json.java")
                    .noneMatch(name -> name.endsWith("Client.java"));
        }
    }

    @Test
    void theTypeScriptBrowserClientTypeChecksAndRunsUnderNode() throws Exception {
        rt(work, 0, "client", url, "--frontend", "--language", "ts", "--name", "movies", "--folder", "web");
        Path web = work.resolve("web");
        assertThat(web.resolve("movies.ts")).isRegularFile();
        assertThat(web.resolve("movies-types.d.ts")).isRegularFile();
        Files.writeString(web.resolve("usage.ts"), """
                import { ApiError, createMovie, getGreeting, getMovieById, getMovies, setBaseUrl } from './movies.js'
                import type { CreateMovieResponse } from './movies.js'

                setBaseUrl('%s')
                const greeting = await getGreeting()
                const created: CreateMovieResponse = await createMovie({ title: 'Sunrise', year: 1927 })
                const movies = await getMovies({ limit: 100 })
                const first = await getMovieById({ id: 1 })
                let status = 0
                try {
                  await getMovieById({ id: 9999 })
                } catch (error) {
                  status = error instanceof ApiError ? error.statusCode : -1
                }
                console.log(JSON.stringify({ greeting: greeting.greeting, created: created.title, year: created.year,
                  some: Array.isArray(movies) && movies.length > 0, first: (first as { title: string }).title, status }))
                """.formatted(url));
        NodeTools.tsc(web, "--strict", "--noEmit", "--target", "es2022", "--module", "es2022", "--moduleResolution",
                "bundler", "--lib", "es2022,dom", "movies.ts", "movies-types.d.ts", "usage.ts");
        NodeTools.tsc(web, "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler",
                "--lib", "es2022,dom", "--outDir", "out", "movies.ts", "usage.ts");
        Files.writeString(web.resolve("out/package.json"), "{\"type\": \"module\"}");
        assertThat(NodeTools.node(web.resolve("out"), "usage.js")).contains("\"greeting\":\"hi from movies\"",
                "\"created\":\"Sunrise\"", "\"year\":1927", "\"some\":true", "\"status\":404")
                .containsPattern("\"first\":\"[A-Za-z]+\"");
    }

    @Test
    void theJavaScriptBrowserClientRunsUnderNodeAndItsDeclarationsTypeCheck() throws Exception {
        rt(work, 0, "client", url + "/documentation/json", "--frontend", "--with-credentials", "--full-response");
        Path api = work.resolve("api");
        assertThat(Files.readString(api.resolve("api.js"))).contains("credentials: 'include'");
        Files.writeString(api.resolve("package.json"), "{\"type\": \"module\"}");
        Files.writeString(api.resolve("usage.js"), """
                import { getGreeting, setBaseUrl, setDefaultHeaders } from './api.js'
                setBaseUrl('%s/')
                setDefaultHeaders({ 'x-trace': 'abc' })
                const greeting = await getGreeting()
                console.log(greeting.statusCode, greeting.body.greeting, greeting.headers['content-type'])
                """.formatted(url));
        assertThat(NodeTools.node(api, "usage.js")).contains("200 hi from movies application/json");
        Files.writeString(api.resolve("check.ts"), """
                import { getGreeting } from './api.js'
                const answer = await getGreeting()
                const status: number = answer.statusCode
                const greeting: string | null | undefined = answer.body.greeting
                export { status, greeting }
                """);
        NodeTools.tsc(api, "--strict", "--noEmit", "--target", "es2022", "--module", "es2022", "--moduleResolution",
                "bundler", "--lib", "es2022,dom", "api.d.ts", "check.ts");
    }

    @Test
    void aGraphQlServiceGetsAJavaClientFromIntrospection() throws Exception {
        try (RtProcess graph = RtProcess.start(CATALOGUE.resolve("graph"), Map.of(), "start")) {
            String graphUrl = graph.awaitListening(Duration.ofSeconds(90));
            Path caller = Files.createDirectories(work.resolve("caller"));
            Files.writeString(caller.resolve("rt.yaml"), "$schema: https://schemas.rt.dev/service/1.0.0.json\n");
            assertThat(rt(caller, 0, "client", graphUrl + "/graphql", "--name", "graph", "--folder",
                    work.resolve("src/graph").toString())).contains("rt: added the client of \"graph\" (" + graphUrl + ")");
            assertThat(Files.readString(caller.resolve("rt.yaml"))).contains("serviceId: \"graph\"", "url: \"" + graphUrl + "\"");
            Files.writeString(work.resolve("src/graph/Calls.java"), """
                    package graph;

                    import java.net.URI;
                    import java.util.Map;

                    public final class Calls {
                        private Calls() {
                        }

                        public static String run(String base) throws Exception {
                            Map<String, Object> data = new GraphClient(URI.create(base))
                                    .graphql("query ($id: Int!) { movie(id: $id) { id title year } }", Map.of("id", 2));
                            Movie movie = Movie.fromJson(data.get("movie"));
                            return movie.title() + "," + movie.year();
                        }
                    }
                    """);
            Path classes = JavaSources.compile(work.resolve("src"), Files.createDirectories(work.resolve("classes")));
            assertThat(JavaSources.call(classes, "graph.Calls", "run", graphUrl)).isEqualTo("Heat,1995");
        }
    }

    @Test
    void sourcesThatDescribeNoApiAndOptionsThatDoNotFitAreRefusedWithTheReason() throws Exception {
        HttpServer plain = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        plain.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        plain.start();
        try {
            String base = "http://127.0.0.1:" + plain.getAddress().getPort();
            assertThat(rt(work, 2, "client", base)).contains("rt: " + base + " answers no OpenAPI document and no GraphQL"
                    + " introspection: GET " + base + " answered 404");
        } finally {
            plain.stop(0);
        }
        Files.writeString(work.resolve("broken.json"), "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"x\"}}");
        assertThat(rt(work, 2, "client", "broken.json")).contains("rt: broken.json is an OpenAPI document without paths");
        Files.writeString(work.resolve("notes.json"), "{\"hello\": \"world\"}");
        assertThat(rt(work, 2, "client", "notes.json")).contains("rt: notes.json is not a valid OpenAPI 3 document");
        assertThat(rt(work, 2, "client", "notes.json", "--language", "ts")).contains("rt: --language applies to the"
                + " browser client: add --frontend");
        assertThat(work.resolve("api")).doesNotExist();
    }
}
