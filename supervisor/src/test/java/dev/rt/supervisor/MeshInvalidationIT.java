package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Invalidating the HTTP cache with a plain HTTP call: the worker of {@code front} posts a JSON body with the JDK
 * client to {@code http://rt.local/http-cache/invalidate} through the mesh ({@code /http-invalidate} of the relay
 * application), and {@code back} counts the requests that reach it ({@code x-calls}), as in {@link HttpCacheIT}.
 */
class MeshInvalidationIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    static Path dir;
    private static RuntimeUnderTest rt;

    private static String chain(String cache) {
        return RuntimeUnderTest.runtimeWith(cache, "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\"}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_BASE\": \"http://back.rt.local\"}}");
    }

    @BeforeAll
    static void start() throws Exception {
        rt = RuntimeUnderTest.configure(dir, chain("\"httpCache\": {\"cacheTagsHeader\": \"X-Cache-Tags\"}, ")).start();
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    private static String calls(RuntimeUnderTest runtime, String query) throws Exception {
        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(runtime.url() + "/call/res?"
                + query)).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        return response.headers().firstValue("x-calls").orElseThrow(() -> new AssertionError(response + " "
                + response.headers().map() + " " + response.body()));
    }

    /** front's worker sends {@code body} to {@code http://rt.local<path>} with {@code method}. */
    private static HttpResponse<String> overHttp(RuntimeUnderTest runtime, String path, String method, String body)
            throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(runtime.url() + "/http-invalidate" + path
                + (method.equals("POST") ? "" : "?method=" + method))).timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> overHttp(String body) throws Exception {
        return overHttp(rt, "", "POST", body);
    }

    private static String cached(String key, String tags) {
        return "key=" + key + (tags.isEmpty() ? "" : "&tags=" + tags) + "&cc="
                + URLEncoder.encode("max-age=60", StandardCharsets.UTF_8);
    }

    @Test
    void aWorkerInvalidatesByTagAndByKeyWithAPlainHttpCallThroughTheMesh() throws Exception {
        String tagged = cached("plain", "plain-tag");
        String keyed = cached("plainkey", "");
        String byMethod = cached("plainmethod", "");
        for (String query : new String[] {tagged, keyed, byMethod, tagged, keyed, byMethod}) {
            assertThat(calls(rt, query)).isEqualTo("1");
        }

        HttpResponse<String> byTag = overHttp("{\"tags\": [\" plain-tag \"]}");
        assertThat(byTag.statusCode()).as(byTag.body()).isEqualTo(200);
        assertThat(byTag.body()).isEmpty();
        assertThat(calls(rt, tagged)).isEqualTo("2");
        assertThat(calls(rt, keyed)).isEqualTo("1");

        assertThat(overHttp("{\"keys\": [{\"origin\": \"http://back.rt.local\", \"path\": \"/res?" + keyed + "\"}]}")
                .statusCode()).isEqualTo(200);
        assertThat(calls(rt, keyed)).isEqualTo("2");
        assertThat(calls(rt, byMethod)).isEqualTo("1");
        assertThat(overHttp("{\"keys\": [{\"origin\": \"HTTP://Back.rt.local/\", \"path\": \"/res?" + byMethod
                + "\", \"method\": \"get\"}]}").statusCode()).isEqualTo(200);
        assertThat(calls(rt, byMethod)).isEqualTo("2");
        assertThat(calls(rt, tagged)).isEqualTo("2");
    }

    @Test
    void aMalformedInvalidationIsA400SayingWhatIsWrongAndRemovesNothing() throws Exception {
        String keyed = cached("plainbad", "bad-tag");
        assertThat(calls(rt, keyed)).isEqualTo("1");

        JsonNode noOrigin = error(overHttp("{\"keys\": [{\"path\": \"/res?" + keyed + "\"}], \"tags\": [\"bad-tag\"]}"),
                400, "RT_HTTP_CACHE_INVALID_INVALIDATION");
        assertThat(noOrigin.path("message").asText()).isEqualTo(
                "Invalid cache invalidation: keys[0].origin is required (a string)");
        assertThat(error(overHttp("not json"), 400, "RT_HTTP_CACHE_INVALID_INVALIDATION").path("message").asText())
                .startsWith("Invalid cache invalidation: the body is not JSON");
        assertThat(error(overHttp("{}"), 400, "RT_HTTP_CACHE_INVALID_INVALIDATION").path("message").asText())
                .isEqualTo("Invalid cache invalidation: nothing to invalidate: give \"keys\" or \"tags\"");
        assertThat(error(overHttp("{\"tags\": \"bad-tag\"}"), 400, "RT_HTTP_CACHE_INVALID_INVALIDATION")
                .path("message").asText()).isEqualTo("Invalid cache invalidation: \"tags\" must be an array of strings");
        assertThat(error(overHttp(rt, "", "PUT", "{\"tags\": [\"bad-tag\"]}"), 405, "RT_METHOD_NOT_ALLOWED")
                .path("message").asText()).contains("use POST");
        assertThat(error(overHttp(rt, "/http-cache/other", "POST", "{\"tags\": [\"bad-tag\"]}"), 404,
                "RT_ROUTE_NOT_FOUND").path("message").asText()).contains("POST /http-cache/invalidate only");

        assertThat(calls(rt, keyed)).isEqualTo("1");
    }

    @Test
    void withoutAnHttpCacheTheRuntimesOwnNameAnswers404() throws Exception {
        try (RuntimeUnderTest plain = RuntimeUnderTest.configure(java.nio.file.Files.createDirectories(dir.resolve("plain")), chain("")).start()) {
            JsonNode body = error(overHttp(plain, "", "POST", "{\"tags\": [\"t\"]}"), 404, "RT_HTTP_CACHE_DISABLED");
            assertThat(body.path("message").asText()).isEqualTo("The runtime has no HTTP cache (httpCache is not "
                    + "configured): http://rt.local has nothing to invalidate");
        }
    }

    private static JsonNode error(HttpResponse<String> response, int status, String code) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("statusCode").asInt()).isEqualTo(status);
        assertThat(body.path("code").asText()).isEqualTo(code);
        return body;
    }
}
