package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code server.rateLimit} and {@code server.maxConnectionsPerAddress} at the public port of one real runtime (real
 * worker JVMs), seen by curl and by raw sockets: 429 after {@code max} with its headers, {@code Retry-After} and
 * rt's error body, keys by header, over HTTP/1.1 and h2; the connection beyond the cap from one address closed at
 * once. And a claim key without authentication, refused at start naming the file and the JSON pointer, before any
 * worker starts.
 */
class RateLimitIT {
    @TempDir
    static Path dir;
    private static RuntimeUnderTest rt;

    @BeforeAll
    static void start() throws Exception {
        String config = "{\"entrypoint\": \"api\", \"server\": {\"port\": 0, \"http2\": true, \"maxConnectionsPerAddress\": 2,"
                + " \"rateLimit\": {\"max\": 3, \"timeWindow\": \"1 minute\", \"keyGenerator\": {\"header\": \"X-Client\"}}},"
                + " \"services\": [" + service("api", "probe") + "]}";
        rt = RuntimeUnderTest.configure(Files.createDirectories(dir.resolve("limits")), config).start();
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    /** {@code curl -i}: the status line, the headers and the body, as text. */
    static String curl(String url, String... headers) throws Exception {
        return curl(List.of(), url, headers);
    }

    private static String curl(List<String> options, String url, String... headers) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "-i", "--max-time", "20"));
        command.addAll(options);
        for (String header : headers) {
            command.addAll(List.of("-H", header));
        }
        command.add(url);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out.replace("\r\n", "\n");
    }

    static Optional<String> header(String response, String name) {
        return response.lines().takeWhile(line -> !line.isEmpty())
                .filter(line -> line.toLowerCase().startsWith(name.toLowerCase() + ":"))
                .map(line -> line.substring(name.length() + 1).strip()).findFirst();
    }

    @Test
    void answers429AfterMaxWithTheRateLimitHeaders() throws Exception {
        for (int i = 1; i <= 3; i++) {
            String ok = curl(rt.url() + "/hello", "X-Client: alpha");
            assertThat(ok).startsWith("HTTP/1.1 200").endsWith("hello");
            assertThat(header(ok, "RateLimit-Limit")).contains("3");
            assertThat(header(ok, "RateLimit-Remaining")).contains(String.valueOf(3 - i));
            assertThat(Integer.parseInt(header(ok, "RateLimit-Reset").orElseThrow())).isBetween(1, 60);
        }
        String refused = curl(rt.url() + "/hello", "X-Client: alpha");
        assertThat(refused).startsWith("HTTP/1.1 429 Too Many Requests");
        assertThat(header(refused, "RateLimit-Remaining")).contains("0");
        int retryAfter = Integer.parseInt(header(refused, "Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1, 60);
        assertThat(header(refused, "Content-Type")).contains("application/json; charset=utf-8");
        assertThat(refused).endsWith("{\"statusCode\":429,\"error\":\"Too Many Requests\",\"code\":\"RT_RATE_LIMITED\","
                + "\"message\":\"Rate limit exceeded, retry in " + retryAfter + " seconds\"}");

        assertThat(curl(rt.url() + "/hello", "X-Client: beta")).as("another key counts on its own")
                .startsWith("HTTP/1.1 200");
    }

    @Test
    void limitsH2StreamsAlike() throws Exception {
        List<String> h2 = List.of("--http2-prior-knowledge");
        for (int i = 1; i <= 3; i++) {
            String ok = curl(h2, rt.url() + "/hello", "X-Client: h2");
            assertThat(ok).startsWith("HTTP/2 200");
            assertThat(header(ok, "RateLimit-Remaining")).contains(String.valueOf(3 - i));
        }
        String refused = curl(h2, rt.url() + "/hello", "X-Client: h2");
        assertThat(refused).startsWith("HTTP/2 429");
        assertThat(header(refused, "Retry-After")).isPresent();
        assertThat(refused).contains("\"code\":\"RT_RATE_LIMITED\"");
    }

    @Test
    void closesTheConnectionBeyondTheCapOfOneAddress() throws Exception {
        URI url = URI.create(rt.url());
        InetSocketAddress port = new InetSocketAddress(url.getHost(), url.getPort());
        try (Socket first = accepted(port); Socket second = accepted(port)) {
            try (Socket third = open(port)) {
                assertThat(third.getInputStream().read()).as("closed as soon as accepted").isEqualTo(-1);
            }
            first.close();
            accepted(port).close();
            assertThat(ask(second)).as("the kept connection still answers").startsWith("HTTP/1.1 200");
        }
    }

    /**
     * A connection that answered a request, once one is accepted: those the other tests closed leave the count when
     * the server has seen them close.
     */
    private static Socket accepted(InetSocketAddress port) throws Exception {
        return Poll.until(Duration.ofSeconds(20), Duration.ofMillis(50), () -> {
            Socket next = open(port);
            try {
                assertThat(ask(next)).startsWith("HTTP/1.1 200");
                return Optional.of(next);
            } catch (IOException closed) {
                next.close();
                return Optional.empty();
            }
        }, () -> "no connection from this address was accepted");
    }

    private static Socket open(InetSocketAddress port) throws IOException {
        Socket socket = new Socket();
        socket.connect(port, 5_000);
        socket.setSoTimeout(20_000);
        return socket;
    }

    /** One keep-alive request, each with a key of its own, and the head of its answer. */
    private static String ask(Socket socket) throws IOException {
        socket.getOutputStream().write(("GET /hello HTTP/1.1\r\nHost: localhost\r\nX-Client: socket-" + System.nanoTime()
                + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.append((char) b);
        }
        int length = Integer.parseInt(head.toString().lines().filter(l -> l.toLowerCase().startsWith("content-length:"))
                .findFirst().orElseThrow().substring("content-length:".length()).strip());
        in.readNBytes(length);
        return head.toString();
    }

    @Test
    void aClaimKeyWithoutAuthenticationIsRefusedAtStart() throws Exception {
        Path other = Files.createDirectories(dir.resolve("claim"));
        String config = "{\"entrypoint\": \"api\", \"server\": {\"port\": 0,"
                + " \"rateLimit\": {\"keyGenerator\": {\"claim\": \"sub\"}}}, \"services\": [" + service("api", "probe")
                + "]}";
        RuntimeUnderTest refused = RuntimeUnderTest.configure(other, config);
        try {
            assertThatThrownBy(refused::start).isInstanceOf(RtException.class)
                    .hasMessageStartingWith(other.resolve("rt.json") + ": /server/rateLimit/keyGenerator/claim: a key read"
                            + " from a claim needs authentication, but the entrypoint service \"api\" sets neither"
                            + " /authorization/jwt nor /authorization/webhook in ")
                    .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_INVALID");
            assertThat(refused.pids()).isEmpty();
        } finally {
            refused.close();
        }
    }
}
