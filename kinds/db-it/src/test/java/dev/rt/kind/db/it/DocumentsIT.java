package dev.rt.kind.db.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The catalog's documents and pages on SQLite: the OpenAPI document (the entities' with the plugin's route merged in,
 * valid for swagger-parser, the same in YAML), Swagger UI, GraphiQL; the worker's class path (the db kind's library,
 * which holds the service kind's server, each artifact once) and its worker pool (a thread for each connection); and
 * SIGUSR2, after which the new workers serve a table created behind rt's back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TestDatabases.class)
class DocumentsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    Catalog catalog;
    Rt rt;

    @BeforeAll
    void start() throws Exception {
        catalog = Catalog.of(Engine.SQLITE);
        rt = Rt.start(catalog.runtime()).awaitListening();
    }

    @AfterAll
    void stop() throws Exception {
        if (rt != null) {
            rt.close();
        }
    }

    @Test
    void theOpenApiDocumentHasTheEntitiesAndThePluginsRoutesAndIsValid() throws Exception {
        HttpResponse<String> json = rt.get("/documentation/json");
        assertThat(json.statusCode()).isEqualTo(200);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json.body());
        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getInfo().getTitle()).isEqualTo("Catalog");
        assertThat(parsed.getOpenAPI().getPaths()).containsKeys("/movies/", "/movies/{id}", "/movies/{id}/quotes",
                "/quotes/{id}/movie", "/moviesActors/movie/{movieId}/actor/{actorId}", "/recentMovies/", "/stats");
        assertThat(parsed.getOpenAPI().getPaths().get("/stats").getGet().getOperationId()).isEqualTo("getStats");
        assertThat(parsed.getOpenAPI().getComponents().getSchemas()).containsKeys("Movie", "MovieInput");
        JsonNode yaml = new YAMLMapper().readTree(rt.get("/documentation/yaml").body());
        assertThat(yaml).isEqualTo(JSON.readTree(json.body()));
        HttpResponse<String> ui = rt.get("/documentation/");
        assertThat(ui.statusCode()).isEqualTo(200);
        assertThat(ui.body()).contains("swagger-ui");
    }

    @Test
    void graphiqlIsServed() throws Exception {
        HttpResponse<String> page = rt.get("/graphiql/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).containsIgnoringCase("graphiql");
    }

    @Test
    void theWorkerRunsOnTheDbKindsLibraryAloneWithNoArtifactTwice() throws Exception {
        long pid = liveWorker();
        List<String> command = List.of(Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).split("\0"));
        List<String> classPath = List.of(command.get(command.indexOf("-cp") + 1).split(":"));
        Path lib = Path.of(System.getProperty("rt.cli.jar")).getParent().getParent().resolve("kinds/db/lib");
        List<String> kindJars = classPath.stream().filter(entry -> !entry.contains("rt-worker-agent")
                && !entry.startsWith(Catalog.PLUGINS.toString())).toList();
        assertThat(kindJars).allSatisfy(entry -> assertThat(Path.of(entry).getParent()).isEqualTo(lib));
        assertThat(kindJars).extracting(entry -> Path.of(entry).getFileName().toString())
                .contains("rt-kind-db.jar").anyMatch(name -> name.startsWith("rt-kind-service-"))
                .anyMatch(name -> name.startsWith("vertx-web-"));
        List<String> artifacts = kindJars.stream().map(entry -> Path.of(entry).getFileName().toString()
                .replaceFirst("-\\d[^-]*(-SNAPSHOT)?(\\.Final)?\\.jar$", "").replaceFirst("\\.jar$", "")).toList();
        assertThat(artifacts).doesNotHaveDuplicates();
    }

    @Test
    void theWorkerPoolHasAThreadForEachConnectionAndNoMore() throws Exception {
        for (int i = 0; i < 30; i++) { // the pool starts a thread for each task until it has them all
            assertThat(rt.get("/movies?limit=1").statusCode()).isEqualTo(200);
        }
        // the worker that serves: a spare JVM kept ready beside it has not started Vert.x
        List<List<String>> serving = new ArrayList<>();
        for (long pid : rt.workers()) {
            List<String> threads = threads(pid);
            if (threads.stream().anyMatch(name -> name.startsWith("vert.x-eventloo"))) {
                serving.add(threads);
            }
        }
        assertThat(serving).hasSize(1);
        // the catalog's SQLite file: db.poolSize's 4 readers and the writer; Vert.x alone would start 20
        assertThat(serving.get(0)).filteredOn(name -> name.startsWith("vert.x-worker")).hasSize(5);
    }

    @Test
    void sigusr2ReloadsTheSchema() throws Exception {
        assertThat(rt.get("/extras").statusCode()).isEqualTo(404);
        catalog.database().execute("CREATE TABLE extras (id INTEGER PRIMARY KEY, name VARCHAR(20))",
                "INSERT INTO extras (id, name) VALUES (1, 'bonus')");
        rt.signal("USR2");
        rt.awaitOutput("Received SIGUSR2, restarting all services");
        rt.awaitOutput("has been replaced by the worker"); // by a new worker, which read the schema again
        HttpResponse<String> extras = rt.get("/extras");
        assertThat(extras.statusCode()).as(rt.output()).isEqualTo(200);
        assertThat(JSON.readTree(extras.body())).isEqualTo(JSON.readTree("[{\"id\":\"1\",\"name\":\"bonus\"}]"));
        // the other tests find the worker among those alive: the old one, still stopping, could exit as one reads it
        rt.awaitOutput("Stopped the worker 0 of the service \\\"catalog\\\".");
    }

    /** The names of a process's threads (the kernel keeps their first 15 characters), none when it has gone. */
    private static List<String> threads(long pid) throws IOException {
        List<String> names = new ArrayList<>();
        List<Path> tasks;
        try (Stream<Path> listed = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks = listed.toList();
        } catch (NoSuchFileException gone) {
            return List.of();
        }
        for (Path task : tasks) {
            try {
                names.add(Files.readString(task.resolve("comm")).strip());
            } catch (NoSuchFileException ended) {
                // a thread that ended since the listing
            }
        }
        return names;
    }

    private long liveWorker() {
        return rt.workers().stream().filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false))
                .findFirst().orElseThrow();
    }
}
