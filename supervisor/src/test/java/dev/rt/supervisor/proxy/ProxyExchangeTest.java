package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.Poll;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Clients and workers at their own pace: 100-continue, slow readers, slow writers, clients that leave. */
@Timeout(60)
class ProxyExchangeTest {
    private static final int CHUNK = 64 * 1024;

    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    private EntrypointServer server;

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private InetSocketAddress entrypointTo(InetSocketAddress worker) {
        server = open(new EntrypointServer(loops, new TestUpstreams().service("a", worker), "a"));
        return server.bind("127.0.0.1", 0);
    }

    @Test
    void expectContinueIsAnsweredByTheWorkerBeforeTheBodyIsSent() throws Exception {
        TestBackend worker = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                "got " + exchange.getRequestBody().readAllBytes().length)));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");
            RawHttpConnection.Response interim = connection.read();
            connection.send("hello");
            RawHttpConnection.Response response = connection.read();

            assertThat(interim.status()).isEqualTo(100);
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.text()).isEqualTo("got 5");
        }
    }

    @Test
    void curlUploadWithExpectContinueGoesThrough() throws Exception {
        TestBackend worker = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                "got " + exchange.getRequestBody().readAllBytes().length)));
        InetSocketAddress proxy = entrypointTo(worker.address());

        Curl.Result result = Curl.run("-v", "-H", "Expect: 100-continue", "--data-binary", "x".repeat(2000),
                "http://127.0.0.1:" + proxy.getPort() + "/up");

        assertThat(result.out()).isEqualTo("got 2000");
        assertThat(result.err()).contains("HTTP/1.1 100 Continue");
    }

    @Test
    void slowReaderHoldsTheWorkerBackInsteadOfFillingTheProxyMemory() throws Exception {
        long total = 256L * 1024 * 1024;
        AtomicLong written = new AtomicLong();
        TestBackend worker = open(new TestBackend(exchange -> {
            exchange.sendResponseHeaders(200, total);
            byte[] chunk = new byte[CHUNK];
            try (OutputStream out = exchange.getResponseBody()) {
                for (long sent = 0; sent < total; sent += CHUNK) {
                    out.write(chunk);
                    written.addAndGet(CHUNK);
                }
            }
        }));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.input().readNBytes(CHUNK)).hasSize(CHUNK);
            long stalledAt = awaitStall(written);

            assertThat(stalledAt).as("bytes the worker could write while the client did not read")
                    .isLessThan(64L * 1024 * 1024);
            long rest = drain(connection.input(), total - CHUNK);
            assertThat(rest).isGreaterThanOrEqualTo(total - CHUNK);
        }
    }

    /** Waits until {@code counter} stops moving for half a second (the worker blocks), and returns it. */
    private static long awaitStall(AtomicLong counter) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        long last = -1;
        long since = System.nanoTime();
        while (System.nanoTime() < deadline) {
            long now = counter.get();
            if (now != last) {
                last = now;
                since = System.nanoTime();
            } else if (System.nanoTime() - since > TimeUnit.MILLISECONDS.toNanos(500)) {
                return now;
            }
            LockSupport.parkNanos(1_000_000); // polls the condition, every millisecond
        }
        return counter.get();
    }

    @Test
    void slowWriterIsForwardedPieceByPiece() throws Exception {
        AtomicLong received = new AtomicLong();
        TestBackend worker = open(new TestBackend(exchange -> {
            InputStream in = exchange.getRequestBody();
            byte[] buffer = new byte[1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                received.addAndGet(n);
            }
            TestBackend.respond(exchange, 200, "got " + received.get());
        }));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("POST /trickle HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (int piece = 1; piece <= 5; piece++) {
                connection.send("a\r\n0123456789\r\n");
                long expected = piece * 10L;
                Poll.until(Duration.ofSeconds(10), () -> received.get() >= expected,
                        () -> "the worker got " + received.get() + " bytes, not the " + expected + " sent so far");
                assertThat(received.get()).as("the worker has piece " + piece + " before the next is sent")
                        .isEqualTo(expected);
            }
            connection.send("0\r\n\r\n");

            assertThat(connection.read().text()).isEqualTo("got 50");
        }
    }

    @Test
    void clientLeavingMidBodyCancelsTheWorkersRequestAndLeavesNothingOpen() throws Exception {
        CountDownLatch workerSawEnd = new CountDownLatch(1);
        AtomicLong workerRead = new AtomicLong();
        TestBackend worker = open(new TestBackend(exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                byte[] buffer = new byte[CHUNK];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    workerRead.addAndGet(n);
                }
            } catch (IOException cut) {
                // the proxy closed the connection: what this test expects
            } finally {
                workerSawEnd.countDown();
            }
        }));
        InetSocketAddress proxy = entrypointTo(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n");
            connection.write(new byte[CHUNK]);
            Poll.until(Duration.ofSeconds(10), () -> workerRead.get() >= CHUNK,
                    () -> "the worker read " + workerRead.get() + " bytes of the first " + CHUNK);
        }

        assertThat(workerSawEnd.await(10, TimeUnit.SECONDS)).as("the worker's request ended").isTrue();
        assertThat(workerRead.get()).isLessThan(100_000_000L);
        Poll.until(Duration.ofSeconds(10), () -> server.openConnections() == 0,
                () -> server.openConnections() + " connections left open");
    }

    private static long drain(InputStream in, long atLeast) throws IOException {
        byte[] buffer = new byte[CHUNK];
        long total = 0;
        while (total < atLeast) {
            int n = in.read(buffer);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
