package dev.rt.kind.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.rt.cli.e2e.Chromium;
import dev.rt.cli.e2e.RtProcess;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The catalogue runtime (testdata/services/catalogue): the service "movies" as entrypoint, "caller" calling it
 * through its client over the mesh, "graph" serving GraphQL. Talked to as a client would.
 */
class CatalogueIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    static RtProcess rt;

    @BeforeAll
    static void start() throws Exception {
        rt = RtProcess.startService("catalogue").listening(LIMIT);
    }

    @AfterAll
    static void stop() throws Exception {
        rt.close();
    }

    @Test
    void routesAnswerWithThePluginsOptions() throws Exception {
        assertThat(rt.get("/greeting").body()).isEqualTo("{\"greeting\":\"hi from movies\"}");
        var saved = rt.post("/movies", "application/json", "{\"title\": \"Alien\", \"year\": \"1979\", \"cast\": []}");
        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(saved.body())).isEqualTo(JSON.readTree("{\"title\":\"Alien\",\"year\":1979,\"id\":1}"));
        assertThat(rt.get("/movies/1").body()).contains("\"title\":\"Alien\"");
    }

    @Test
    void errorsHaveTheReferenceBodies() throws Exception {
        assertThat(rt.get("/nope?x=1").body())
                .isEqualTo("{\"message\":\"Route GET:/nope?x=1 not found\",\"error\":\"Not Found\",\"statusCode\":404}");
        assertThat(rt.post("/movies", "application/json", "{\"year\": 1979}").body())
                .isEqualTo("{\"statusCode\":400,\"code\":\"FST_ERR_VALIDATION\",\"error\":\"Bad Request\","
                        + "\"message\":\"body must have required property 'title'\"}");
        assertThat(rt.get("/movies/abc").body()).contains("\"message\":\"params/id must be integer\"");
        assertThat(rt.get("/movies/999").body()).isEqualTo("{\"statusCode\":404,\"code\":\"MOVIE_NOT_FOUND\","
                + "\"error\":\"Not Found\",\"message\":\"Movie 999 not found\"}");
        var crash = rt.get("/crash");
        assertThat(crash.statusCode()).isEqualTo(500);
        assertThat(crash.body()).isEqualTo("{\"statusCode\":500,\"error\":\"Internal Server Error\","
                + "\"message\":\"connection to the database refused\"}");
        assertThat(rt.post("/movies", "application/json", "{\"title\":").body()).isEqualTo("{\"statusCode\":400,"
                + "\"code\":\"FST_ERR_CTP_INVALID_JSON_BODY\",\"error\":\"Bad Request\","
                + "\"message\":\"Body is not valid JSON but content-type is set to 'application/json'\"}");
    }

    @Test
    void aBodyOverTheLimitIsA413() throws Exception {
        var response = rt.post("/movies", "application/json", "{\"title\": \"" + "x".repeat(2000) + "\"}");
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).isEqualTo("{\"statusCode\":413,\"code\":\"FST_ERR_CTP_BODY_TOO_LARGE\","
                + "\"error\":\"Payload Too Large\",\"message\":\"Request body is too large\"}");
    }

    @Test
    void corsPreflightAllowsTheOriginsItsRegexpMatches() throws Exception {
        var preflight = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/movies"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://shop.example.com").header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type"));
        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("access-control-allow-origin")).contains("https://shop.example.com");
        assertThat(preflight.headers().firstValue("access-control-allow-credentials")).contains("true");
        assertThat(preflight.headers().firstValue("access-control-allow-methods")).contains("GET,HEAD,PUT,PATCH,POST,DELETE");
        assertThat(preflight.headers().firstValue("access-control-allow-headers")).contains("content-type");
        assertThat(preflight.headers().firstValue("access-control-max-age")).contains("600");

        var other = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/greeting")).header("Origin", "https://evil.test"));
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(other.headers().firstValue("access-control-allow-origin")).isEmpty();
        var allowed = rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/greeting")).header("Origin", "https://example.com"));
        assertThat(allowed.headers().firstValue("access-control-allow-origin")).contains("https://example.com");
    }

    @Test
    void theHealthRouteAnswers() throws Exception {
        var health = rt.get("/status");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("{\"status\":\"ok\"}");
    }

    @Test
    void theOpenApiDocumentIsValidAndItsYamlIsTheSame() throws Exception {
        String json = rt.get("/documentation/json").body();
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json);
        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getInfo().getTitle()).isEqualTo("Movies");
        assertThat(parsed.getOpenAPI().getPaths()).containsKeys("/greeting", "/movies", "/movies/{id}")
                .doesNotContainKey("/crash");
        assertThat(parsed.getOpenAPI().getPaths().get("/movies").getPost().getOperationId()).isEqualTo("createMovie");
        assertThat(parsed.getOpenAPI().getPaths().get("/movies/{id}").getGet().getParameters().get(0).getIn())
                .isEqualTo("path");
        JsonNode fromYaml = new YAMLMapper().readTree(rt.get("/documentation/yaml").body());
        assertThat(fromYaml).isEqualTo(JSON.readTree(json));
    }

    @Test
    void swaggerUiRendersTheOperationsInABrowser() throws Exception {
        String dom = Chromium.renderedDom(rt.url() + "/documentation");
        assertThat(dom).contains("class=\"swagger-ui\"")
                .contains("data-path=\"/greeting\"").contains("data-path=\"/movies\"")
                .contains("data-path=\"/movies/{id}\"").contains("Save a movie").doesNotContain("data-path=\"/crash\"");
    }

    @Test
    void theManagementApiHandsOutTheSchemas() throws Exception {
        List<String> openApi = rt.management("/services/movies/openapi-schema");
        assertThat(openApi.get(0)).isEqualTo("200");
        assertThat(JSON.readTree(openApi.get(1))).isEqualTo(JSON.readTree(rt.get("/documentation/json").body()));
        List<String> graphql = rt.management("/services/graph/graphql-schema");
        assertThat(graphql.get(0)).isEqualTo("200");
        assertThat(graphql.get(1)).contains("type Query {").contains("movie(id: Int!): Movie");
        List<String> none = rt.management("/services/caller/openapi-schema");
        assertThat(none.get(0)).isEqualTo("500");
        assertThat(JSON.readTree(none.get(1)).path("code").asText()).isEqualTo("RT_RUNTIME_FAILED_TO_RETRIEVE_OPENAPI_SCHEMA");
    }

    @Test
    void aPluginCallsAnotherServiceThroughItsClientOverTheMesh() throws Exception {
        List<String> called = rt.management("/services/caller/proxy/call");
        assertThat(called.get(0)).isEqualTo("200");
        assertThat(JSON.readTree(called.get(1))).isEqualTo(JSON.readTree(
                "{\"status\":200,\"from\":{\"greeting\":\"hi from movies\"},\"via\":\"http://movies.rt.local\"}"));
    }

    @Test
    void graphQlQueriesAreAnswered() throws Exception {
        Process curl = new ProcessBuilder("curl", "-s", "--unix-socket", java.nio.file.Path.of(
                System.getProperty("java.io.tmpdir"), "rt", "pids", Long.toString(rt.pid())).toString(),
                "-H", "content-type: application/json", "-d", "{\"query\": \"{ movie(id: 2) { title year } movies { id } }\"}",
                "http://localhost/api/v1/services/graph/proxy/graphql").start();
        String body = new String(curl.getInputStream().readAllBytes());
        curl.waitFor();
        assertThat(JSON.readTree(body)).isEqualTo(JSON.readTree(
                "{\"data\":{\"movie\":{\"title\":\"Heat\",\"year\":1995},\"movies\":[{\"id\":1},{\"id\":2}]}}"));
    }
}
