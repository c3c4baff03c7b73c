package dev.rt.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code httpCache.origins}: a plain-HTTP origin outside the runtime that is listed is cached (the workers' calls to
 * it go through the mesh), and a service of the runtime that is not listed is not.
 */
class HttpCacheOriginsIT {
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    private static HttpResponse<String> call(RuntimeUnderTest rt, String base, String query) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(rt.url() + "/call/res?" + query)).header("x-next-base", base)
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aListedOriginOutsideTheRuntimeIsCachedAndAnUnlistedServiceIsNot() throws Exception {
        AtomicInteger outsideCalls = new AtomicInteger();
        HttpServer outside = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        outside.createContext("/", exchange -> {
            byte[] body = ("{\"outside\":" + outsideCalls.incrementAndGet() + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Cache-Control", "max-age=60");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        outside.start();
        String origin = "http://127.0.0.1:" + outside.getAddress().getPort();
        try (RuntimeUnderTest rt = RuntimeUnderTest.configure(dir, RuntimeUnderTest.runtimeWith(
                "\"httpCache\": {\"origins\": [\"" + origin + "\"]}, ", "front",
                "{\"id\": \"back\", \"path\": \"" + Fixtures.app("relay") + "\"}",
                "{\"id\": \"front\", \"path\": \"" + Fixtures.app("relay") + "\", "
                        + "\"env\": {\"NEXT_BASE\": \"http://back.rt.local\"}}")).start()) {
            HttpResponse<String> first = call(rt, origin, "key=o");
            HttpResponse<String> second = call(rt, origin, "key=o");
            assertThat(first.body()).isEqualTo("{\"outside\":1}");
            assertThat(second.body()).isEqualTo("{\"outside\":1}");
            assertThat(second.headers().firstValue("x-rt-http-cache-id"))
                    .isEqualTo(first.headers().firstValue("x-rt-http-cache-id")).isPresent();
            assertThat(outsideCalls).hasValue(1);

            String query = "key=unlisted&cc=max-age%3D60";
            assertThat(call(rt, "http://back.rt.local", query).headers().firstValue("x-calls")).contains("1");
            assertThat(call(rt, "http://back.rt.local", query).headers().firstValue("x-calls")).contains("2");
        } finally {
            outside.stop(0);
        }
    }
}
