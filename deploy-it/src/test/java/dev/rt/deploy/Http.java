package dev.rt.deploy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** Plain HTTP requests of the tests, and the one wait they poll: for a server that sends no event when it is up. */
final class Http {
    static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

    private Http() {
    }

    /** The response to GET {@code url}, or empty when nothing answers. */
    static Optional<HttpResponse<String>> get(String url) throws InterruptedException {
        try {
            return Optional.of(CLIENT.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The first 200 of GET {@code url} within {@code limit}, asking every 200 ms: a server in a container or a network
     * namespace sends the test no event when it listens.
     */
    static HttpResponse<String> awaitOk(String url, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        Optional<HttpResponse<String>> last = Optional.empty();
        while (System.nanoTime() < deadline) {
            last = get(url);
            if (last.isPresent() && last.get().statusCode() == 200) {
                return last.get();
            }
            Thread.sleep(200); // nothing to wait on: ask again
        }
        throw new AssertionError("no 200 from " + url + " within " + limit + "; last: "
                + last.map(r -> r.statusCode() + " " + r.body()).orElse("no answer"));
    }
}
