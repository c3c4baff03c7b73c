package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 1 GiB up and down through the entrypoint and through the mesh, with the proxies in a JVM whose heap is
 * 48 MB and whose direct memory is 32 MB: the bodies stream, or the transfer fails. Contents are checked by
 * CRC32 at both ends.
 */
@Timeout(180)
class LargeTransferTest {
    private static final long SIZE = 1L << 30;
    private static final int CHUNK = 64 * 1024;
    private static final long HEAP = 48L << 20;
    private static final long DIRECT = 32L << 20;
    private static final byte[] PATTERN = pattern();

    private static TestBackend worker;
    private static Process proxies;
    private static BufferedReader proxiesOut;
    private static PrintStream proxiesIn;
    private static int entrypointPort;
    private static int meshPort;

    @BeforeAll
    static void start() throws IOException {
        worker = new TestBackend(exchange -> {
            if (exchange.getRequestURI().getPath().equals("/download")) {
                download(exchange);
            } else {
                CRC32 crc = new CRC32();
                long length = consume(exchange.getRequestBody(), crc);
                TestBackend.respond(exchange, 200, length + " " + crc.getValue());
            }
        });
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        proxies = new ProcessBuilder(java.toString(), "-Xmx" + (HEAP >> 20) + "m",
                "-XX:MaxDirectMemorySize=" + (DIRECT >> 20) + "m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
                "-cp", System.getProperty("java.class.path"), ProxyProcess.class.getName(),
                "127.0.0.1:" + worker.address().getPort())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        proxiesOut = new BufferedReader(new InputStreamReader(proxies.getInputStream(), StandardCharsets.UTF_8));
        proxiesIn = new PrintStream(proxies.getOutputStream(), true, StandardCharsets.UTF_8);
        String[] ports = proxiesOut.readLine().split(" ");
        entrypointPort = Integer.parseInt(ports[1]);
        meshPort = Integer.parseInt(ports[2]);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (proxies != null) {
            proxiesIn.close();
            if (!proxies.waitFor(10, TimeUnit.SECONDS)) {
                proxies.destroyForcibly();
            }
        }
        if (worker != null) {
            worker.close();
        }
    }

    private static void download(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        exchange.sendResponseHeaders(200, SIZE);
        try (OutputStream out = exchange.getResponseBody()) {
            for (long sent = 0; sent < SIZE; sent += CHUNK) {
                out.write(PATTERN);
            }
        }
    }

    private static long expectedCrc() {
        CRC32 crc = new CRC32();
        for (long sent = 0; sent < SIZE; sent += CHUNK) {
            crc.update(PATTERN);
        }
        return crc.getValue();
    }

    @Test
    void gibibyteDownloadAndUploadStreamThroughTheEntrypoint() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI base = URI.create("http://127.0.0.1:" + entrypointPort);

        transferBothWays(client, base);
    }

    @Test
    void gibibyteDownloadAndUploadStreamThroughTheMesh() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .proxy(ProxySelector.of(new java.net.InetSocketAddress("127.0.0.1", meshPort))).build();

        transferBothWays(client, URI.create("http://b.rt.local"));
    }

    private void transferBothWays(HttpClient client, URI base) throws Exception {
        long expected = expectedCrc();
        HttpResponse<InputStream> down = client.send(HttpRequest.newBuilder(base.resolve("/download")).build(),
                BodyHandlers.ofInputStream());
        CRC32 crc = new CRC32();
        long received;
        try (InputStream body = down.body()) {
            received = consume(body, crc);
        }
        assertThat(received).isEqualTo(SIZE);
        assertThat(crc.getValue()).isEqualTo(expected);

        HttpResponse<String> up = client.send(HttpRequest.newBuilder(base.resolve("/upload"))
                .POST(BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(PatternStream::new), SIZE)).build(),
                BodyHandlers.ofString());
        assertThat(up.body()).isEqualTo(SIZE + " " + expected);

        proxiesIn.println("stats");
        List<String> stats = List.of(proxiesOut.readLine().split(" "));
        assertThat(Long.parseLong(stats.get(1))).as("peak heap of the proxies' JVM").isLessThan(HEAP);
        assertThat(Long.parseLong(stats.get(2))).as("pooled direct memory in use after the transfers")
                .isLessThan(DIRECT);
        assertThat(proxies.isAlive()).isTrue();
    }

    private static long consume(InputStream in, CRC32 crc) throws IOException {
        byte[] buffer = new byte[CHUNK];
        long total = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            crc.update(buffer, 0, n);
            total += n;
        }
        return total;
    }

    private static byte[] pattern() {
        byte[] chunk = new byte[CHUNK];
        for (int i = 0; i < chunk.length; i++) {
            chunk[i] = (byte) (i * 31 + (i >> 8));
        }
        return chunk;
    }

    /** SIZE bytes of the repeated pattern, made as they are read. */
    private static final class PatternStream extends InputStream {
        private long position;

        @Override
        public int read() {
            if (position >= SIZE) {
                return -1;
            }
            return PATTERN[(int) (position++ % CHUNK)] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (position >= SIZE) {
                return -1;
            }
            int at = (int) (position % CHUNK);
            int n = (int) Math.min(Math.min(length, CHUNK - at), SIZE - position);
            System.arraycopy(PATTERN, at, buffer, offset, n);
            position += n;
            return n;
        }
    }
}
