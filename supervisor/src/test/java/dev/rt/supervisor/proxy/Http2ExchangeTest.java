package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Exchanges over h2 streams (TLS with ALPN) that differ from HTTP/1.1's: interim answers, graceful close. */
@Timeout(60)
class Http2ExchangeTest {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    // curl and the closing block their threads: threads of their own, since the common pool may have only one
    // (it had on Temurin 25 here, two processors), and the close then waited for curl, which waited for it
    private final ExecutorService background = Executors.newCachedThreadPool();

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
        background.shutdownNow();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private EntrypointServer server(TestBackend worker) throws Exception {
        return new EntrypointServer(loops, new TestUpstreams().service("a", worker.address()), "a", "",
                ServerLimits.DEFAULTS, Optional.of(TestTls.server(TestTls.localhost(true), true)), true);
    }

    @Test
    void expectContinueOverH2GetsTheWorkersAnswer() throws Exception {
        TestBackend echo = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                "got " + new String(exchange.getRequestBody().readAllBytes()))));
        int port = open(server(echo)).bind("127.0.0.1", 0).getPort();

        // the worker (the JDK's HttpServer) answers 100 Continue before reading the body
        Curl.Result result = Curl.run("-k", "--http2", "-H", "Expect: 100-continue", "--data-binary", "hello",
                "-w", " %{http_code} %{http_version}", "https://localhost:" + port + "/upload");

        assertThat(result.out()).as(result.err()).isEqualTo("got hello 200 2");
    }

    @Test
    void closeLetsAnH2RequestInFlightFinishWithinTheGracePeriod() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestBackend slow = open(new TestBackend(exchange -> {
            arrived.countDown();
            TestBackend.await(release);
            TestBackend.respond(exchange, 200, "finished");
        }));
        resources.push(release::countDown);
        EntrypointServer server = server(slow);
        InetSocketAddress bound = server.bind("127.0.0.1", 0);
        // curl, not the JDK 17 HttpClient, which fails every open stream on any GOAWAY (RFC 9113 §6.8 lets the
        // streams up to the GOAWAY's last stream id finish)
        CompletableFuture<Curl.Result> inFlight = CompletableFuture.supplyAsync(() -> curl("-k", "--http2",
                "-w", " %{http_code} %{http_version}", "https://localhost:" + bound.getPort() + "/slow"), background);
        assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> server.close(Duration.ofSeconds(20)),
                background);
        EntrypointServerTest.awaitRefused(bound);
        assertThat(closing).isNotDone();
        release.countDown();

        assertThat(inFlight.get(20, TimeUnit.SECONDS).out()).isEqualTo("finished 200 2");
        closing.get(10, TimeUnit.SECONDS);
    }

    @Test
    void closeEndsAnH2RequestStillRunningAfterTheGracePeriod() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestBackend stuck = open(new TestBackend(exchange -> {
            arrived.countDown();
            TestBackend.await(release);
        }));
        resources.push(release::countDown);
        EntrypointServer server = server(stuck);
        InetSocketAddress bound = server.bind("127.0.0.1", 0);
        CompletableFuture<Curl.Result> inFlight = CompletableFuture.supplyAsync(() -> curl("-k", "--http2",
                "https://localhost:" + bound.getPort() + "/stuck"), background);
        assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();

        long started = System.nanoTime();
        server.close(Duration.ofMillis(200));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        assertThat(inFlight.get(20, TimeUnit.SECONDS).exit()).isNotZero();
    }

    private static Curl.Result curl(String... arguments) {
        try {
            return Curl.run(arguments);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
