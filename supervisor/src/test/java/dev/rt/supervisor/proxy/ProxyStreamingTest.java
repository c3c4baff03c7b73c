package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Bodies pass through as they come, in both directions, framed right for HEAD, 204 and chunked responses. */
@Timeout(60)
class ProxyStreamingTest {
    private static final int CHUNK = 64 * 1024;
    private static final long LARGE = 256L * 1024 * 1024;

    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private InetSocketAddress entrypointTo(InetSocketAddress worker) {
        return open(new EntrypointServer(loops, new TestUpstreams().service("a", worker), "a")).bind("127.0.0.1", 0);
    }

    private static URI uri(InetSocketAddress address, String path) {
        return URI.create("http://127.0.0.1:" + address.getPort() + path);
    }

    @Test
    void largeResponseReachesTheClientWhileTheWorkerIsStillWritingIt() throws Exception {
        CountDownLatch clientHasFirstChunk = new CountDownLatch(1);
        byte[] chunk = pattern();
        TestBackend worker = open(new TestBackend(exchange -> {
            exchange.sendResponseHeaders(200, LARGE);
            OutputStream out = exchange.getResponseBody();
            out.write(chunk);
            out.flush();
            if (!TestBackend.await(clientHasFirstChunk)) {
                throw new IOException("the client never received the first chunk: the proxy held it back");
            }
            for (long written = CHUNK; written < LARGE; written += CHUNK) {
                out.write(chunk);
            }
            out.close();
        }));
        resources.push(clientHasFirstChunk::countDown);
        InetSocketAddress proxy = entrypointTo(worker.address());

        HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(uri(proxy, "/large")).build(),
                BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            byte[] first = body.readNBytes(CHUNK);
            assertThat(first).isEqualTo(chunk);
            clientHasFirstChunk.countDown();
            assertThat(CHUNK + drain(body)).isEqualTo(LARGE);
        }
        assertThat(response.headers().firstValueAsLong("Content-Length")).hasValue(LARGE);
    }

    @Test
    void largeUploadReachesTheWorkerWhileTheClientIsStillSendingIt() throws Exception {
        CountDownLatch workerHasFirstChunk = new CountDownLatch(1);
        TestBackend worker = open(new TestBackend(exchange -> {
            InputStream in = exchange.getRequestBody();
            long first = in.readNBytes(CHUNK).length;
            workerHasFirstChunk.countDown();
            TestBackend.respond(exchange, 200, Long.toString(first + drain(in)));
        }));
        resources.push(workerHasFirstChunk::countDown);
        InetSocketAddress proxy = entrypointTo(worker.address());

        byte[] chunk = pattern();
        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: " + LARGE + "\r\n\r\n");
            connection.write(chunk);
            assertThat(workerHasFirstChunk.await(20, TimeUnit.SECONDS))
                    .as("the worker received the first chunk before the client sent the rest").isTrue();
            for (long sent = CHUNK; sent < LARGE; sent += CHUNK) {
                connection.write(chunk);
            }
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.text()).isEqualTo(Long.toString(LARGE));
        }
    }

    @Test
    void headResponseHasNoBodyAndTheConnectionStaysUsable() throws Exception {
        ScriptedBackend worker = open(new ScriptedBackend((socket, in, head) -> {
            OutputStream out = socket.getOutputStream();
            for (String request = head; ; request = ScriptedBackend.readHead(in)) {
                boolean isHead = request.startsWith("HEAD ");
                out.write(("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n" + (isHead ? "" : "hello")).getBytes());
                out.flush();
            }
        }));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("HEAD /x HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response head = connection.read(true);
            connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response get = connection.read();

            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo("5");
            assertThat(get.text()).isEqualTo("hello");
        }
    }

    @Test
    void noContentResponseHasNoBodyAndTheConnectionStaysUsable() throws Exception {
        TestBackend worker = open(new TestBackend(exchange -> {
            if (exchange.getRequestURI().getPath().equals("/empty")) {
                exchange.sendResponseHeaders(204, -1);
            } else {
                TestBackend.respond(exchange, 200, "full");
            }
        }));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("DELETE /empty HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response empty = connection.read();
            connection.send("GET /full HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response full = connection.read();

            assertThat(empty.status()).isEqualTo(204);
            assertThat(empty.header("transfer-encoding")).isNull();
            assertThat(full.text()).isEqualTo("full");
        }
    }

    @Test
    void chunkedResponseIsForwardedChunked() throws Exception {
        TestBackend worker = open(new TestBackend(ProxyStreamingTest::writeInPieces));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("GET /pieces HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
            assertThat(response.text()).isEqualTo("one-two-three");
        }
    }

    @Test
    void http10ClientReceivesAChunkedResponseAsABodyEndedByClose() throws Exception {
        TestBackend worker = open(new TestBackend(ProxyStreamingTest::writeInPieces));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("GET /pieces HTTP/1.0\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.header("transfer-encoding")).isNull();
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(response.text()).isEqualTo("one-two-three");
        }
    }

    private static void writeInPieces(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        for (String piece : new String[] {"one", "-two", "-three"}) {
            out.write(piece.getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        out.close();
    }

    private static byte[] pattern() {
        byte[] chunk = new byte[CHUNK];
        for (int i = 0; i < chunk.length; i++) {
            chunk[i] = (byte) (i * 31);
        }
        return chunk;
    }

    private static long drain(InputStream in) throws IOException {
        byte[] buffer = new byte[CHUNK];
        long total = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            total += n;
        }
        return total;
    }
}
