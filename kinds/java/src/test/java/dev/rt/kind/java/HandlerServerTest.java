package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.java.fixtures.PlainText;
import dev.rt.kind.java.testing.LoopbackHttp;
import dev.rt.kind.testing.TestContext;
import java.net.ConnectException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The server hosting a java.build handler, in process: failing handlers and a graceful stop. */
class HandlerServerTest {
    private static final TestContext CONTEXT = new TestContext(Path.of("/srv/api"));

    @Test
    void handlerThatThrowsAnswers500AndTheServerKeepsServing() throws Exception {
        HandlerServer server = HandlerServer.start(exchange -> {
            if (exchange.getRequestURI().getPath().equals("/fail")) {
                throw new IllegalStateException("handler bug");
            }
            PlainText.answer(exchange, "ok");
        }, CONTEXT);
        try {
            assertThat(LoopbackHttp.get(server.port(), "/fail").statusCode()).isEqualTo(500);
            assertThat(LoopbackHttp.get(server.port(), "/").body()).isEqualTo("ok");
            assertThat(CONTEXT.logged()).containsExactly("ERROR the handler failed on GET /fail:"
                    + " java.lang.IllegalStateException: handler bug [java.lang.IllegalStateException: handler bug]");
        } finally {
            server.stop(Duration.ofSeconds(1));
        }
    }

    @Test
    void stopWaitsForTheInFlightRequestButNotForTheWholeDeadline() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HandlerServer server = HandlerServer.start(exchange -> {
            entered.countDown();
            awaitQuietly(release);
            PlainText.answer(exchange, "finished");
        }, CONTEXT);
        CompletableFuture<HttpResponse<String>> response = LoopbackHttp.getAsync(server.port(), "/");
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        long startedAt = System.nanoTime();
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> server.stop(Duration.ofSeconds(30)));
        assertThat(stopped).isNotDone();
        assertThat(server.busyTime().orElseThrow().inFlight()).isEqualTo(1);
        release.countDown();

        assertThat(response.get(10, TimeUnit.SECONDS).body()).isEqualTo("finished");
        stopped.get(10, TimeUnit.SECONDS);
        assertThat(Duration.ofNanos(System.nanoTime() - startedAt)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void whenStopReturnsThePortRefusesConnections() throws Exception {
        for (int i = 0; i < 100; i++) { // the listener used to close a moment later, on the server's own thread
            HandlerServer server = HandlerServer.start(exchange -> PlainText.answer(exchange, "ok"), CONTEXT);
            int port = server.port();
            assertThat(LoopbackHttp.get(port, "/").body()).isEqualTo("ok");
            server.stop(Duration.ofSeconds(5));
            assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).as("round %d, port %d", i, port)
                    .isInstanceOf(ConnectException.class);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
