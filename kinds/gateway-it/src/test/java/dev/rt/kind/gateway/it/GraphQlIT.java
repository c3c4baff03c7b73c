package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GraphQL composition: the gateway "api" composes the GraphQL schemas of "catalogue" (a service-kind service whose
 * plugin serves movies) and "library" (a db-kind service on SQLite, its books table migrated at start) into the one
 * it serves at /graphql, with GraphiQL. Written to a temporary directory, started with the distribution, talked to
 * as a client would. The gateway is listed first, so it starts before the applications whose schemas it reads.
 */
class GraphQlIT {
    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path directory;
    static RtProcess rt;

    @BeforeAll
    static void start() throws Exception {
        Path plugin = RtProcess.TESTDATA.resolve("service-plugins/target/fixtures/graphql").toAbsolutePath();
        write("rt.json", """
                {"entrypoint": "api", "server": {"hostname": "127.0.0.1", "port": 0},
                 "services": [{"id": "api", "path": "api"}, {"id": "catalogue", "path": "catalogue"},
                              {"id": "library", "path": "library"}]}""");
        write("api/rt.json", """
                {"$schema": "https://schemas.rt.dev/gateway/1.0.0.json",
                 "gateway": {"applications": [{"id": "catalogue", "graphql": true},
                                              {"id": "library", "graphql": {"graphqlEndpoint": "/graphql"}}],
                             "graphql": {"graphiql": true}}}""");
        write("catalogue/rt.json", """
                {"$schema": "https://schemas.rt.dev/service/1.0.0.json", "service": {"graphql": true},
                 "plugins": {"paths": [%s]}}""".formatted(JSON.writeValueAsString(plugin.toString())));
        write("library/rt.json", """
                {"$schema": "https://schemas.rt.dev/db/1.0.0.json",
                 "db": {"connectionString": "sqlite://./library.sqlite"},
                 "migrations": {"dir": "migrations", "autoApply": true}}""");
        write("library/migrations/001.do.sql", """
                CREATE TABLE books (id INTEGER PRIMARY KEY, title VARCHAR(255) NOT NULL, year INTEGER);
                INSERT INTO books (title, year) VALUES ('Dune', 1965);
                INSERT INTO books (title, year) VALUES ('Solaris', 1961);
                """);
        write("library/migrations/001.undo.sql", "DROP TABLE books;\n");
        rt = RtProcess.fromTestdata(List.of("start", "-c", directory.toString()), Map.of()).listening(LIMIT);
        // listed first, the gateway starts before its applications: it reads their schemas once they answer
        rt.awaitStdout("GraphQL at /graphql composed from the schemas of the applications catalogue, library", LIMIT);
    }

    @AfterAll
    static void stop() throws Exception {
        if (rt != null) {
            rt.close();
        }
    }

    private static void write(String name, String text) throws Exception {
        Path file = directory.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static JsonNode graphql(String query, Map<String, Object> variables) throws Exception {
        HttpResponse<String> answer = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql"))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("query", query,
                        "variables", variables)))));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    @Test
    void oneRequestReadsFromBothApplicationsWithAliasesVariablesAndFragments() throws Exception {
        JsonNode answer = graphql("""
                query Both($id: Int!, $after: Int) {
                  film: movie(id: $id) { ...Parts }
                  movies { name: title }
                  books(where: {year: {gt: $after}}, orderBy: [{field: id, direction: ASC}]) { title year }
                }
                fragment Parts on Movie { title year }""", Map.of("id", 1, "after", 1900));

        assertThat(answer.has("errors")).as(answer.toString()).isFalse();
        assertThat(answer.at("/data/film")).isEqualTo(JSON.readTree("{\"title\": \"Alien\", \"year\": 1979}"));
        assertThat(answer.at("/data/movies")).isEqualTo(JSON.readTree("[{\"name\": \"Alien\"}, {\"name\": \"Heat\"}]"));
        assertThat(answer.at("/data/books/0")).isEqualTo(JSON.readTree("{\"title\": \"Dune\", \"year\": 1965}"));
        assertThat(answer.at("/data/books/1/title").asText()).isEqualTo("Solaris");
    }

    @Test
    void aMutationReachesItsApplicationAndItsErrorsComeBack() throws Exception {
        JsonNode saved = graphql("mutation Save($title: String) { saveBook(input: {title: $title, year: 1972}) { id title } }",
                Map.of("title", "Roadside Picnic"));
        assertThat(saved.has("errors")).as(saved.toString()).isFalse();
        String id = saved.at("/data/saveBook/id").asText();
        assertThat(saved.at("/data/saveBook/title").asText()).isEqualTo("Roadside Picnic");

        JsonNode read = graphql("{ getBookById(id: " + id + ") { year } movie(id: 99) { title } }", Map.of());
        assertThat(read.at("/data/getBookById/year").asInt()).isEqualTo(1972);
        assertThat(read.at("/data/movie").isNull()).isTrue();

        JsonNode refused = graphql("{ books(limit: 1000) { id } movies { title } }", Map.of());
        assertThat(refused.at("/errors/0/message").asText()).contains("1000");
        assertThat(refused.at("/errors/0/path/0").asText()).isEqualTo("books");
        assertThat(refused.at("/data/movies/1/title").asText()).as("the other application's field still answers")
                .isEqualTo("Heat");
    }

    @Test
    void aMutationSentWithGetIsRefusedAndNeverForwarded() throws Exception {
        String mutation = "mutation { saveBook(input: {title: \"csrf\", year: 2001}) { id } }";
        HttpResponse<String> refused = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql?query="
                + URLEncoder.encode(mutation, StandardCharsets.UTF_8))).GET());
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(405);
        assertThat(refused.headers().firstValue("allow")).contains("POST");
        assertThat(JSON.readTree(refused.body()).path("code").asText()).isEqualTo("RT_GRAPHQL_MUTATION_OVER_GET");
        assertThat(graphql("{ books(where: {title: {eq: \"csrf\"}}) { id } }", Map.of()).at("/data/books"))
                .as("the library wrote nothing").isEmpty();
    }

    @Test
    void anApplicationsErrorKeepsItsCodeAndTheDataWithTheFieldNull() throws Exception {
        JsonNode nameless = graphql("mutation { saveBook(input: {year: 2000}) { id } }", Map.of());
        assertThat(nameless.path("data")).isEqualTo(JSON.readTree("{\"saveBook\": null}"));
        assertThat(nameless.at("/errors/0/message").asText()).isEqualTo("book.title cannot be null");
        assertThat(nameless.at("/errors/0/extensions/code").asText()).isEqualTo("RT_DB_CONSTRAINT_NOTNULL");

        HttpResponse<String> invalid = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/graphql"))
                .header("content-type", "application/json").header("accept", "application/graphql-response+json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"{ nope }\"}")));
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.headers().firstValue("content-type"))
                .contains("application/graphql-response+json; charset=utf-8");
    }

    @Test
    void theComposedSchemaHasTheRootFieldsOfBothAndGraphiQlIsServed() throws Exception {
        JsonNode queries = graphql("{ __schema { queryType { fields { name } } } }", Map.of());
        assertThat(queries.at("/data/__schema/queryType/fields").findValuesAsText("name")).as(queries.toString())
                .contains("movie", "movies", "books", "getBookById");
        JsonNode mutations = graphql("{ __schema { mutationType { fields { name } } } }", Map.of());
        assertThat(mutations.at("/data/__schema/mutationType/fields").findValuesAsText("name")).as(mutations.toString())
                .contains("saveBook", "deleteBooks");
        assertThat(graphql("{ nope }", Map.of()).at("/errors/0/message").asText()).contains("nope");

        HttpResponse<String> page = rt.get("/graphiql/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).containsIgnoringCase("graphiql").contains("/graphql");
    }
}
