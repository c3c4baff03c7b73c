package dev.rt.auth.request;

import static dev.rt.auth.request.Calls.refusal;
import static dev.rt.auth.request.Calls.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.rt.auth.User;
import dev.rt.auth.settings.AuthSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The webhook: asked with the request's headers; its answer is the user; no answer in time is a 401. */
class WebhookTest {
    private final HttpServer server = server();
    private final Map<String, String> received = new ConcurrentHashMap<>();
    private final CountDownLatch never = new CountDownLatch(1);

    private HttpServer server() {
        try {
            HttpServer created = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            created.createContext("/who", this::who);
            created.createContext("/no", exchange -> answer(exchange, 403, "{}"));
            created.createContext("/text", exchange -> answer(exchange, 200, "hello"));
            created.createContext("/slow", exchange -> {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                answer(exchange, 200, "{}");
            });
            created.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
            created.start();
            return created;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void who(HttpExchange exchange) throws IOException {
        exchange.getRequestHeaders().forEach((name, values) -> received.put(name.toLowerCase(), values.get(0)));
        received.put(":method", exchange.getRequestMethod());
        answer(exchange, 200, "{\"X-RT-USER-ID\": \"7\", \"X-RT-ROLE\": \"user\", \"plan\": \"gold\"}");
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @AfterEach
    void stop() {
        never.countDown();
        server.stop(0);
    }

    private Authenticator webhook(String path, int timeout) {
        return Authenticator.builder(AuthSettings.from(Map.of("webhook", Map.of("url", "http://127.0.0.1:"
                + server.getAddress().getPort() + path, "timeout", timeout)))).build();
    }

    @Test
    void theAnswerIsTheUserAndTheRequestHeadersAreSent() {
        User user = user(webhook("/who", 5000), Map.of("Cookie", "session=abc", "Host", "movies.example",
                "Content-Length", "12"));

        assertThat(user.roles()).containsExactly("user");
        assertThat(user.id()).contains("7");
        assertThat(user.fields()).containsEntry("plan", "gold");
        assertThat(received).containsEntry("cookie", "session=abc").containsEntry(":method", "POST")
                .doesNotContainEntry("host", "movies.example").doesNotContainKey("content-length-12");
    }

    @Test
    void aRefusalOrAnAnswerThatIsNotAnObjectIsA401() {
        assertThat(refusal(webhook("/no", 5000), Map.of()).getMessage())
                .isEqualTo("the webhook did not accept the request: it answered 403");
        assertThat(refusal(webhook("/text", 5000), Map.of()).getMessage())
                .isEqualTo("the webhook did not accept the request: its answer is not a JSON object");
    }

    @Test
    void aWebhookThatDoesNotAnswerIsA401AfterItsTimeout() {
        long start = System.nanoTime();

        assertThat(refusal(webhook("/slow", 300), Map.of()).code()).isEqualTo("RT_AUTH_WEBHOOK_REFUSED");
        assertThat((System.nanoTime() - start) / 1_000_000).isBetween(250L, 10_000L);
    }
}
