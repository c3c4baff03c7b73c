package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.cache.HttpCache;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.metrics.MetricsFormat;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP cache in a real runtime's mesh: the entrypoint {@code front} calls {@code back} over the mesh
 * ({@code /call/res?...}), and {@code back} counts the requests that reach it ({@code x-calls}), so a response the
 * cache answered shows the count of the request that stored it.
 */
class HttpCacheIT {
    @TempDir
    static Path dir;
    private static RuntimeUnderTest rt;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        rt = RuntimeUnderTest.configure(dir, RuntimeUnderTest.runtimeWith(
                "\"httpCache\": {\"cacheTagsHeader\": \"X-Cache-Tags\", \"maxEntrySize\": 4096}, "
                        + "\"managementApi\": {\"socket\": \"" + dir.resolve("m.sock") + "\"}, ", "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\"}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_BASE\": \"http://back.rt.local\"}}")).start();
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    private static HttpResponse<String> call(String method, String query, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(rt.url() + "/call/res?" + query))
                .timeout(Duration.ofSeconds(20)).method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            request.headers(headers);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(String query, String... headers) throws Exception {
        return call("GET", query, headers);
    }

    private static String calls(HttpResponse<String> response) {
        return response.headers().firstValue("x-calls").orElseThrow(() -> new AssertionError(response + " "
                + response.headers().map() + " " + response.body()));
    }

    private static String cc(String value) {
        return "cc=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void aFreshResponseIsAnsweredFromTheCacheWithItsIdAndAge() throws Exception {
        HttpResponse<String> first = get("key=fresh&" + cc("max-age=60"));
        HttpResponse<String> second = get("key=fresh&" + cc("max-age=60"));

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(calls(first)).isEqualTo("1");
        assertThat(calls(second)).isEqualTo("1");
        assertThat(second.body()).isEqualTo("{\"calls\":1}");
        String id = first.headers().firstValue(HttpCache.ID_HEADER).orElseThrow();
        assertThat(second.headers().firstValue(HttpCache.ID_HEADER)).contains(id);
        assertThat(second.headers().firstValue("age")).hasValueSatisfying(age -> assertThat(Long.parseLong(age))
                .isBetween(0L, 60L));
        assertThat(get("key=fresh&" + cc("max-age=60") + "&other=1").headers().firstValue("x-calls")).contains("2");
    }

    @Test
    void responsesThatForbidStoringOrHaveNoLifetimeAreNeverServedFromTheCache() throws Exception {
        for (String control : List.of("no-store", "private, max-age=60", "no-cache, max-age=60", "s-maxage=0, max-age=60")) {
            String query = "key=" + URLEncoder.encode(control, StandardCharsets.UTF_8) + "&" + cc(control);
            assertThat(calls(get(query))).as(control).isEqualTo("1");
            HttpResponse<String> again = get(query);
            assertThat(calls(again)).as(control).isEqualTo("2");
            assertThat(again.headers().firstValue(HttpCache.ID_HEADER)).as(control).isEmpty();
        }
        assertThat(calls(get("key=plain"))).isEqualTo("1"); // no lifetime and no cacheByDefault
        assertThat(calls(get("key=plain"))).isEqualTo("2");
        assertThat(calls(get("key=cookie&cookie=1&" + cc("max-age=60")))).isEqualTo("1");
        assertThat(calls(get("key=cookie&cookie=1&" + cc("max-age=60")))).isEqualTo("2");
        String past = URLEncoder.encode("Thu, 01 Jan 2015 00:00:00 GMT", StandardCharsets.UTF_8);
        assertThat(calls(get("key=expired&expires=" + past))).isEqualTo("1");
        assertThat(calls(get("key=expired&expires=" + past))).isEqualTo("2");
    }

    @Test
    void oneClientsAuthorizedResponseIsNotServedToAnotherUnlessMarkedPublic() throws Exception {
        assertThat(calls(get("key=auth&" + cc("max-age=60"), "authorization", "Bearer alice"))).isEqualTo("1");
        assertThat(calls(get("key=auth&" + cc("max-age=60"), "authorization", "Bearer bob"))).isEqualTo("2");
        assertThat(calls(get("key=auth&" + cc("max-age=60")))).isEqualTo("3");
        // the admin secret is a credential too: what it was answered is not kept for the next caller
        assertThat(calls(get("key=admin&" + cc("max-age=60"), "x-rt-admin-secret", "s3cret"))).isEqualTo("1");
        assertThat(calls(get("key=admin&" + cc("max-age=60")))).isEqualTo("2");

        assertThat(calls(get("key=authpub&" + cc("public, max-age=60"), "authorization", "Bearer alice"))).isEqualTo("1");
        assertThat(calls(get("key=authpub&" + cc("public, max-age=60"), "authorization", "Bearer bob"))).isEqualTo("1");
    }

    @Test
    void varyKeepsOneVariantPerValueOfTheNamedRequestHeaders() throws Exception {
        String query = "key=vary&vary=Accept-Language&" + cc("max-age=60");
        assertThat(calls(get(query, "accept-language", "en"))).isEqualTo("1");
        assertThat(calls(get(query, "accept-language", "fr"))).isEqualTo("2");
        assertThat(calls(get(query, "accept-language", "en"))).isEqualTo("1");
        assertThat(calls(get(query, "accept-language", "fr"))).isEqualTo("2");
        assertThat(calls(get(query))).isEqualTo("3");
        assertThat(calls(get("key=varystar&vary=*&" + cc("max-age=60")))).isEqualTo("1");
        assertThat(calls(get("key=varystar&vary=*&" + cc("max-age=60")))).isEqualTo("2");
    }

    @Test
    void aRequestThatAsksForAFreshAnswerGoesToTheServiceAndTheAnswerIsStored() throws Exception {
        String query = "key=nocache&" + cc("max-age=60");
        assertThat(calls(get(query))).isEqualTo("1");
        assertThat(calls(get(query, "cache-control", "no-cache"))).isEqualTo("2");
        assertThat(calls(get(query))).isEqualTo("2");
        assertThat(calls(get(query, "cache-control", "max-age=0"))).isEqualTo("3");
        assertThat(calls(get(query, "pragma", "no-cache"))).isEqualTo("4");
        assertThat(calls(get(query, "cache-control", "no-store"))).isEqualTo("5");
        assertThat(calls(get(query))).isEqualTo("4"); // no-store did not replace the stored answer
    }

    @Test
    void headIsCachedApartFromGetAndAnUnsafeMethodForgetsTheUrl() throws Exception {
        String query = "key=unsafe&" + cc("max-age=60");
        assertThat(calls(get(query))).isEqualTo("1");
        assertThat(calls(call("HEAD", query))).isEqualTo("2");
        assertThat(calls(call("HEAD", query))).isEqualTo("2");
        assertThat(calls(get(query))).isEqualTo("1");
        assertThat(calls(call("POST", query))).isEqualTo("3");
        assertThat(calls(get(query))).isEqualTo("4");
        assertThat(calls(call("HEAD", query))).isEqualTo("5");
        assertThat(calls(get(query))).isEqualTo("4");
    }

    @Test
    void tagsAndKeysInvalidateTheirResponses() throws Exception {
        String products = "key=tagged&tags=" + URLEncoder.encode("products, product-1", StandardCharsets.UTF_8) + "&"
                + cc("max-age=60");
        String other = "key=other&tags=users&" + cc("max-age=60");
        assertThat(calls(get(products))).isEqualTo("1");
        assertThat(calls(get(other))).isEqualTo("1");
        assertThat(calls(get(products))).isEqualTo("1");
        HttpCache cache = rt.supervisor().httpCache().orElseThrow();

        cache.invalidate(List.of(), List.of(" product-1 "));

        assertThat(calls(get(products))).isEqualTo("2");
        assertThat(calls(get(other))).isEqualTo("1");
        cache.invalidate(cache.keysOf("http://back.rt.local", "/res?" + other), List.of());
        assertThat(calls(get(other))).isEqualTo("2");
    }

    @Test
    void theManagementApiInvalidatesByTagAndByKeyAndRefusesAMalformedInvalidation() throws Exception {
        String tagged = "key=mgmt&tags=catalog&" + cc("max-age=60");
        String keyed = "key=mgmtkey&" + cc("max-age=60");
        assertThat(calls(get(tagged))).isEqualTo("1");
        assertThat(calls(get(keyed))).isEqualTo("1");
        assertThat(calls(get(tagged))).isEqualTo("1");
        ManagementClient client = new ManagementClient(dir.resolve("m.sock"));

        assertThat(invalidate(client, "{\"tags\": [\" catalog \"]}").status()).isBetween(200, 299);
        assertThat(calls(get(tagged))).isEqualTo("2");
        assertThat(calls(get(keyed))).isEqualTo("1");
        assertThat(invalidate(client, "{\"keys\": [{\"origin\": \"http://back.rt.local\", \"path\": \"/res?" + keyed
                + "\"}]}").status()).isBetween(200, 299);
        assertThat(calls(get(keyed))).isEqualTo("2");

        ManagementClient.Response noOrigin = invalidate(client, "{\"keys\": [{\"path\": \"/res\"}]}");
        assertThat(noOrigin.status()).isEqualTo(400);
        assertThat(noOrigin.text()).contains("keys[0].origin");
        assertThat(invalidate(client, "not json").status()).isEqualTo(400);
        assertThat(calls(get(keyed))).isEqualTo("2");
    }

    @Test
    void aWorkerInvalidatesByTagAndByKeyThroughItsAgent() throws Exception {
        String tagged = "key=agent&tags=agent-tag&" + cc("max-age=60");
        String keyed = "key=agentkey&" + cc("max-age=60");
        assertThat(calls(get(tagged))).isEqualTo("1");
        assertThat(calls(get(keyed))).isEqualTo("1");
        assertThat(calls(get(tagged))).isEqualTo("1");

        // front's worker calls HttpCacheInvalidation.current(): the agent asks the supervisor over its socket
        assertThat(rt.get("/invalidate?tag=agent-tag").statusCode()).isEqualTo(204);
        assertThat(calls(get(tagged))).isEqualTo("2");
        assertThat(calls(get(keyed))).isEqualTo("1");
        assertThat(rt.get("/invalidate?origin=" + URLEncoder.encode("http://back.rt.local", StandardCharsets.UTF_8)
                + "&path=" + URLEncoder.encode("/res?" + keyed, StandardCharsets.UTF_8)).statusCode()).isEqualTo(204);
        assertThat(calls(get(keyed))).isEqualTo("2");

        HttpResponse<String> nothing = rt.get("/invalidate");
        assertThat(nothing.statusCode()).isEqualTo(500);
        assertThat(nothing.body()).isEqualTo("cannot invalidate the HTTP cache: nothing to invalidate: give keys or tags");
        HttpResponse<String> noPath = rt.get("/invalidate?origin=http%3A%2F%2Fback.rt.local");
        assertThat(noPath.body()).contains("key 0 needs an origin and a path");
        assertThat(calls(get(keyed))).isEqualTo("2");
    }

    private static ManagementClient.Response invalidate(ManagementClient client, String body) throws Exception {
        return client.request("POST", "/http-cache/invalidate", List.of(Map.entry("content-type", "application/json")),
                body.getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(20));
    }

    @Test
    void hitsMissesAndSizeAreMetrics() throws Exception {
        get("key=metrics&" + cc("max-age=60"));
        get("key=metrics&" + cc("max-age=60"));
        String metrics = rt.supervisor().metrics(MetricsFormat.TEXT).get(30, TimeUnit.SECONDS);
        assertThat(metric(metrics, "rt_http_cache_hits_total")).isPositive();
        assertThat(metric(metrics, "rt_http_cache_misses_total")).isPositive();
        assertThat(metric(metrics, "rt_http_cache_entries")).isPositive();
        assertThat(metric(metrics, "rt_http_cache_bytes")).isGreaterThan(10);
    }

    private static double metric(String text, String name) {
        return text.lines().filter(line -> line.startsWith(name + " ")).findFirst()
                .map(line -> Double.parseDouble(line.substring(name.length() + 1).strip()))
                .orElseThrow(() -> new AssertionError(name + " not in\n" + text));
    }

    @Test
    void aResponseLargerThanMaxEntrySizeStreamsThroughWhole() throws Exception {
        long before = rt.supervisor().httpCache().orElseThrow().counters().tooLarge();
        HttpResponse<String> large = get("key=large&size=100000&" + cc("max-age=60"));
        assertThat(large.body()).hasSize(100_000).matches("x+");
        assertThat(calls(get("key=large&size=100000&" + cc("max-age=60")))).isEqualTo("2");
        assertThat(rt.supervisor().httpCache().orElseThrow().counters().tooLarge()).isGreaterThanOrEqualTo(before + 2);
        assertThat(calls(get("key=small&size=1000&" + cc("max-age=60")))).isEqualTo("1");
        assertThat(get("key=small&size=1000&" + cc("max-age=60")).body()).hasSize(1000);
        assertThat(calls(get("key=small&size=1000&" + cc("max-age=60")))).isEqualTo("1");
    }
}
