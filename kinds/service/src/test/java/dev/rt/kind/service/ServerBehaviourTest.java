package dev.rt.kind.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server of a service with the Movies plugin, answered by a real HTTP client: routes, errors, validation. */
class ServerBehaviourTest {
    @TempDir
    static Path dir;
    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(dir, "{\"plugins\": {\"packages\": [\"dev.rt.kind.service.fixtures.Movies\"]}}");
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aRouteAnswers() throws Exception {
        var response = service.get("/hello");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"hello\":\"world\"}");
    }

    @Test
    void anUnknownRouteIsA404WithTheMethodAndUrl() throws Exception {
        var response = service.get("/nowhere?x=1");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("content-type")).contains("application/json; charset=utf-8");
        assertThat(response.body()).isEqualTo(
                "{\"message\":\"Route GET:/nowhere?x=1 not found\",\"error\":\"Not Found\",\"statusCode\":404}");
    }

    @Test
    void anUnknownMethodOnAKnownPathIsA404Too() throws Exception {
        var response = service.post("/hello", "application/json", "{}");
        assertThat(response.body()).isEqualTo(
                "{\"message\":\"Route POST:/hello not found\",\"error\":\"Not Found\",\"statusCode\":404}");
    }

    @Test
    void aTrailingSlashIsAnotherRoute() throws Exception {
        assertThat(service.get("/hello/").statusCode()).isEqualTo(404);
    }

    @Test
    void anHttpErrorKeepsItsStatusCodeAndMessage() throws Exception {
        var response = service.get("/teapot");
        assertThat(response.statusCode()).isEqualTo(418);
        assertThat(response.body()).isEqualTo(
                "{\"statusCode\":418,\"code\":\"TEAPOT\",\"error\":\"I'm a Teapot\",\"message\":\"I am a teapot\"}");
    }

    @Test
    void aRouteThatThrowsIsA500WithTheOriginalMessage() throws Exception {
        var response = service.get("/boom");
        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).isEqualTo(
                "{\"statusCode\":500,\"error\":\"Internal Server Error\",\"message\":\"database said no\"}");
    }

    @Test
    void staticPathsWinOverParameters() throws Exception {
        assertThat(service.get("/movies/new").body()).isEqualTo("the static route");
    }

    @Test
    void paramsAndQueryAreCoercedWithDefaults() throws Exception {
        var response = service.get("/movies/42?fields=title");
        assertThat(response.body()).isEqualTo(
                "{\"params\":{\"id\":42},\"query\":{\"fields\":[\"title\"],\"limit\":10}}");
    }

    @Test
    void aBadParamIsA400NamingIt() throws Exception {
        var response = service.get("/movies/x1");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("{\"statusCode\":400,\"code\":\"FST_ERR_VALIDATION\","
                + "\"error\":\"Bad Request\",\"message\":\"params/id must be integer\"}");
    }

    @Test
    void aQueryOverItsMaximumIsA400() throws Exception {
        assertThat(service.get("/movies/1?limit=500").body()).contains("\"message\":\"querystring/limit must be <= 100\"");
    }

    @Test
    void aBodyIsValidatedCoercedAndStrippedOfForbiddenProperties() throws Exception {
        var response = service.post("/movies", "application/json",
                "{\"title\": \"Alien\", \"year\": \"1979\", \"rating\": \"\", \"tags\": \"scifi\", \"extra\": 1}");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(
                "{\"title\":\"Alien\",\"year\":1979,\"rating\":null,\"tags\":[\"scifi\"],\"seen\":false}");
    }

    @Test
    void coercionFollowsTheOrderOfTheSchemasTypes() throws Exception {
        assertThat(service.post("/movies", "application/json", "{\"title\": \"A\", \"rating\": false}").body())
                .isEqualTo("{\"title\":\"A\",\"rating\":0,\"seen\":false}");
        assertThat(service.post("/movies", "application/json", "{\"title\": \"A\", \"rating\": \"abc\"}").body())
                .contains("\"message\":\"body/rating must be number,null\"");
        assertThat(service.post("/movies", null, "").body()).contains("\"message\":\"body must be object\"");
    }

    @Test
    void aMissingPropertyIsA400NamingIt() throws Exception {
        assertThat(service.post("/movies", "application/json", "{\"year\": 1979}").body())
                .isEqualTo("{\"statusCode\":400,\"code\":\"FST_ERR_VALIDATION\",\"error\":\"Bad Request\","
                        + "\"message\":\"body must have required property 'title'\"}");
        assertThat(service.post("/movies", "application/json", "{\"title\": \"\"}").body())
                .contains("\"message\":\"body/title must NOT have fewer than 1 characters\"");
        assertThat(service.post("/movies", "application/json", "{\"title\": \"A\", \"year\": 1500}").body())
                .contains("\"message\":\"body/year must be >= 1888\"");
    }

    @Test
    void malformedJsonIsA400() throws Exception {
        var response = service.post("/movies", "application/json", "{\"title\": ");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("{\"statusCode\":400,\"code\":\"FST_ERR_CTP_INVALID_JSON_BODY\","
                + "\"error\":\"Bad Request\",\"message\":\"Body is not valid JSON but content-type is set to 'application/json'\"}");
    }

    @Test
    void anEmptyJsonBodyIsA400() throws Exception {
        assertThat(service.post("/movies", "application/json", "").body()).isEqualTo(
                "{\"statusCode\":400,\"code\":\"FST_ERR_CTP_EMPTY_JSON_BODY\",\"error\":\"Bad Request\","
                        + "\"message\":\"Body cannot be empty when content-type is set to 'application/json'\"}");
    }

    @Test
    void anUnknownContentTypeIsA415() throws Exception {
        var response = service.post("/movies", "application/xml", "<movie/>");
        assertThat(response.statusCode()).isEqualTo(415);
        assertThat(response.body()).isEqualTo("{\"statusCode\":415,\"code\":\"FST_ERR_CTP_INVALID_MEDIA_TYPE\","
                + "\"error\":\"Unsupported Media Type\",\"message\":\"Unsupported Media Type\"}");
    }

    @Test
    void headersAreValidatedByLowerCaseName() throws Exception {
        var missing = service.get("/header");
        assertThat(missing.body()).contains("\"message\":\"headers must have required property 'x-api-key'\"");
        var given = service.send(HttpRequest.newBuilder(URI.create(service.url("/header")))
                .header("X-Api-Key", "secret"));
        assertThat(given.body()).isEqualTo("secret");
    }

    @Test
    void blockingHandlersRunOnTheWorkerPool() throws Exception {
        assertThat(service.get("/blocking").body()).startsWith("vert.x-worker-thread-");
    }

    @Test
    void headRoutesAnswerLikeGetWithoutABody() throws Exception {
        var response = service.send(HttpRequest.newBuilder(URI.create(service.url("/hello")))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
    }
}
