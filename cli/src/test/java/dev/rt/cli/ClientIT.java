package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.cli.e2e.RtProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private static final Path PETS = Fixtures.testdata().resolve("openapi/pets.yaml");
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
                import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

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
                    import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

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

    /**
     * An echoing server for the composed types' API (testdata/openapi/pets.yaml): a POST answers its body, GET /pets a
     * cat and a dog; each request's target and x-priority header are kept.
     */
    private static HttpServer petsServer(List<String> requests) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath()
                    + Optional.ofNullable(exchange.getRequestURI().getRawQuery()).map(q -> "?" + q).orElse("")
                    + Optional.ofNullable(exchange.getRequestHeaders().getFirst("x-priority")).map(p -> " x-priority: " + p)
                    .orElse(""));
            byte[] body = exchange.getRequestMethod().equals("POST") ? exchange.getRequestBody().readAllBytes()
                    : ("[{\"petType\":\"cat\",\"name\":\"Tom\",\"indoor\":true,\"status\":\"sold out\"},"
                            + "{\"petType\":\"dog\",\"name\":\"Rex\",\"barks\":2}]").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("content-type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    @Test
    void composedTypesBecomeJavaRecordsEnumsAndSealedInterfacesThatCallAServer() throws Exception {
        rt(work, 0, "client", PETS.toString(), "--name", "pets", "--folder", work.resolve("src/pets").toString(),
                "--skip-config-update");
        assertThat(Files.readString(work.resolve("src/pets/Pet.java"))).contains("public sealed interface Pet extends"
                + " Json.Value permits Cat, Dog");
        assertThat(Files.readString(work.resolve("src/pets/Cat.java"))).contains("public record Cat(String name,"
                + " String petType, Status status, Boolean indoor) implements Found, Pet");
        assertThat(Files.readString(work.resolve("src/pets/PetsClient.java"))).contains("public List<Pet> listPets(Long"
                + " limit, Status status, Long xPriority)", "public Measure measure(Measure body)");
        Files.writeString(work.resolve("src/pets/Calls.java"), """
                package pets;

                import java.math.BigInteger;
                import java.net.URI;

                public final class Calls {
                    private Calls() {
                    }

                    public static String run(String base) throws Exception {
                        PetsClient client = new PetsClient(URI.create(base));
                        StringBuilder out = new StringBuilder();
                        for (Pet pet : client.listPets(2L, Status.SOLD_OUT, 3L)) {
                            out.append(pet instanceof Cat cat ? "cat " + cat.name() + " " + cat.indoor() + " " + cat.status()
                                    : pet instanceof Dog dog ? "dog " + dog.name() + " " + dog.barks() : "?").append('|');
                        }
                        Pet added = client.addPet(new Dog("Rex", "dog", Status.ON_HOLD, 3L));
                        out.append(added instanceof Dog dog ? "added dog " + dog.status() : "added ?").append('|');
                        out.append(client.search(new Cat("Tom", "cat", null, true)).getClass().getSimpleName()).append('|');
                        Measure measure = client.measure(new Measure(9_000_000_000L, 0.1, 42L,
                                new BigInteger("123456789012345678901234567890")));
                        out.append(measure.count()).append(' ').append(measure.weight()).append(' ').append(measure.id())
                                .append(' ').append(measure.raw().getClass().getSimpleName()).append(' ')
                                .append(measure.raw()).append('|');
                        try {
                            client.measure(new Measure(1L, Double.NaN, null, null));
                        } catch (IllegalArgumentException e) {
                            out.append(e.getMessage());
                        }
                        return out.toString();
                    }
                }
                """);
        Path classes = JavaSources.compile(work.resolve("src"), Files.createDirectories(work.resolve("classes")));
        List<String> requests = new CopyOnWriteArrayList<>();
        HttpServer server = petsServer(requests);
        try {
            assertThat(JavaSources.call(classes, "pets.Calls", "run", "http://127.0.0.1:" + server.getAddress().getPort()))
                    .isEqualTo("cat Tom true SOLD_OUT|dog Rex 2|added dog ON_HOLD|Cat|9000000000 0.1 42 BigInteger"
                            + " 123456789012345678901234567890|NaN is not a number JSON can hold");
        } finally {
            server.stop(0);
        }
        assertThat(requests).containsExactly("GET /pets?limit=2&status=sold+out x-priority: 3", "POST /pets",
                "POST /search", "POST /measures");
    }

    @Test
    void composedTypesBecomeTypeScriptUnionsIntersectionsAndLiteralsThatCallAServer() throws Exception {
        rt(work, 0, "client", PETS.toString(), "--frontend", "--language", "ts", "--name", "pets", "--folder", "web");
        Path web = work.resolve("web");
        assertThat(Files.readString(web.resolve("pets-types.d.ts"))).contains("export type Pet = Cat | Dog\n",
                "export type Cat = Animal & CatPart2\n", "export type Status = 'available' | 'on-hold' | 'sold out'\n",
                "export type Priority = 1 | 2 | 3\n", "export type Id = string | number\n", "  raw?: unknown | null\n");
        List<String> requests = new CopyOnWriteArrayList<>();
        HttpServer server = petsServer(requests);
        try {
            Files.writeString(web.resolve("usage.ts"), """
                    import { addPet, listPets, measure, search, setBaseUrl } from './pets.js'
                    import type { Cat, Found, Pet, Priority, Status } from './pets.js'

                    setBaseUrl('%s')
                    const status: Status = 'sold out'
                    const priority: Priority = 3
                    // @ts-expect-error: not one of the enumeration's values
                    const wrong: Status = 'gone'
                    // @ts-expect-error: not one of the numbers
                    const wrongPriority: Priority = 4
                    // @ts-expect-error: every pet has a name
                    const nameless: Pet = { petType: 'cat' }
                    const cat: Cat = { petType: 'cat', name: 'Tom', indoor: true }
                    const pets: Pet[] = await listPets({ limit: 2, status, 'x-priority': priority })
                    const added: Pet = await addPet({ body: { petType: 'dog', name: 'Rex', barks: 3 } })
                    const found: Found = await search({ body: cat })
                    const measured = await measure({ count: 7, weight: 0.5, id: 'm-1' })
                    console.log(JSON.stringify({ pets: pets.map(p => p.name), added: added.name, found: found.name,
                      count: measured.count, id: measured.id, wrong, wrongPriority, nameless }))
                    """.formatted("http://127.0.0.1:" + server.getAddress().getPort()));
            NodeTools.tsc(web, "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler",
                    "--lib", "es2022,dom", "--outDir", "out", "pets.ts", "usage.ts");
            Files.writeString(web.resolve("out/package.json"), "{\"type\": \"module\"}");
            assertThat(NodeTools.node(web.resolve("out"), "usage.js")).contains("\"pets\":[\"Tom\",\"Rex\"]",
                    "\"added\":\"Rex\"", "\"found\":\"Tom\"", "\"count\":7", "\"id\":\"m-1\"");
        } finally {
            server.stop(0);
        }
        assertThat(requests).containsExactly("GET /pets?limit=2&status=sold+out x-priority: 3", "POST /pets",
                "POST /search", "POST /measures");
    }

    @Test
    void everyGeneratorWritesTheSameBytesForTheSameInputRunAfterRun() throws Exception {
        Path api = work.resolve("many.json");
        Files.writeString(api, ManyTypes.openApi(80));
        Path graph = work.resolve("graph.json");
        Files.writeString(graph, ManyTypes.introspection(80));
        for (int run = 1; run <= 2; run++) {
            Path out = Files.createDirectories(work.resolve("run" + run));
            rt(out, 0, "client", api.toString(), "--name", "many", "--folder", "java", "--skip-config-update", "--full",
                    "--types-comment");
            rt(out, 0, "client", api.toString(), "--frontend", "--language", "ts", "--folder", "ts");
            rt(out, 0, "client", api.toString(), "--frontend", "--folder", "js");
            rt(out, 0, "client", graph.toString(), "--name", "graph", "--folder", "graphql", "--skip-config-update");
            for (String kind : List.of("service", "db", "gateway", "java")) {
                rt(out, 0, "create", "--kind", kind, "--dir", "create-" + kind, "--no-git", "--no-install");
            }
        }
        Map<String, String> first = ManyTypes.files(work.resolve("run1"));
        assertThat(first).containsKeys("java/ManyClient.java", "ts/api.ts", "ts/api.d.ts", "js/api.js", "graphql/Type42.java",
                "create-db/rt.json", "create-java/rt.json");
        assertThat(ManyTypes.files(work.resolve("run2"))).isEqualTo(first);
    }

}
