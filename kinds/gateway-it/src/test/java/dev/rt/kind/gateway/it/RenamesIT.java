package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.e2e.RtProcess;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway-renames runtime: the gateway "api" composes the movies service under /movies with an
 * {@code openapi.config} that renames response fields (title → name when a movie is saved or listed, year → released
 * when one is read). The composed document shows the new names, and the responses that pass through carry them.
 */
class RenamesIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    static RtProcess rt;

    @BeforeAll
    static void start() throws Exception {
        rt = RtProcess.startService("gateway-renames").listening(LIMIT);
    }

    @AfterAll
    static void stop() throws Exception {
        rt.close();
    }

    private static JsonNode json(HttpResponse<String> response, int status) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        return JSON.readTree(response.body());
    }

    private static JsonNode save(String title, int year) throws Exception {
        HttpResponse<String> saved = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/movies/movies"))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"title\": \"" + title + "\", \"year\": " + year + "}")));
        assertThat(saved.headers().firstValue("content-length")).hasValue(String.valueOf(saved.body().length()));
        return json(saved, 200);
    }

    @Test
    void theResponsesOfTheRenamedOperationsCarryTheNewNames() throws Exception {
        JsonNode saved = save("Alien", 1979);
        assertThat(saved.has("title")).isFalse();
        assertThat(saved.get("name").asText()).isEqualTo("Alien");
        assertThat(saved.get("year").asInt()).isEqualTo(1979);
        int id = saved.get("id").asInt();

        JsonNode read = json(rt.get("/movies/movies/" + id), 200);
        assertThat(read.get("title").asText()).as("only year is renamed when one is read").isEqualTo("Alien");
        assertThat(read.get("released").asInt()).isEqualTo(1979);
        assertThat(read.has("year")).isFalse();

        JsonNode listed = json(rt.get("/movies/movies?limit=100"), 200);
        assertThat(listed).isNotEmpty().allSatisfy(movie -> {
            assertThat(movie.has("title")).isFalse();
            assertThat(movie.has("name")).isTrue();
        });
        assertThat(listed).anySatisfy(movie -> assertThat(movie.get("id").asInt()).isEqualTo(id));
    }

    @Test
    void otherStatusesAndOtherOperationsPassUntouched() throws Exception {
        HttpResponse<String> missing = rt.get("/movies/movies/987654");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(missing.body()).get("message").asText()).isEqualTo("Movie 987654 not found");
        HttpResponse<String> greeting = rt.get("/movies/greeting");
        assertThat(greeting.body()).isEqualTo("{\"greeting\":\"hi through the gateway\"}");
    }

    @Test
    void theComposedDocumentShowsTheNewNamesWhereTheyApplyOnly() throws Exception {
        String document = rt.get("/documentation/json").body();
        ParseOptions resolve = new ParseOptions();
        resolve.setResolve(true);
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(document, null, resolve);
        assertThat(parsed.getMessages()).isEmpty();
        OpenAPI api = parsed.getOpenAPI();

        Schema<?> savedSchema = schemaOf(api.getPaths().get("/movies/movies").getPost().getResponses().get("200")
                .getContent().get("application/json").getSchema(), api);
        assertThat(savedSchema.getProperties()).containsKeys("name", "year").doesNotContainKey("title");
        assertThat(savedSchema.getRequired()).containsExactly("name");
        Schema<?> requestSchema = schemaOf(api.getPaths().get("/movies/movies").getPost().getRequestBody().getContent()
                .get("application/json").getSchema(), api);
        assertThat(requestSchema.getProperties()).as("what a client sends keeps its names").containsKey("title");
    }

    private static Schema<?> schemaOf(Schema<?> schema, OpenAPI api) {
        if (schema.get$ref() == null) {
            return schema;
        }
        return api.getComponents().getSchemas().get(schema.get$ref().substring("#/components/schemas/".length()));
    }
}
