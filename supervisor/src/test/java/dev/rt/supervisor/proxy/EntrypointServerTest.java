package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.rt.config.error.RtException;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import dev.rt.supervisor.proxy.transport.ProxyTransport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class EntrypointServerTest {
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

    private EntrypointServer entrypoint(ProxyEventLoops on, TestUpstreams upstreams) {
        return open(new EntrypointServer(on, upstreams, "a"));
    }

    private URI start(TestUpstreams upstreams) {
        InetSocketAddress bound = entrypoint(loops, upstreams).bind("127.0.0.1", 0);
        return URI.create("http://127.0.0.1:" + bound.getPort());
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return client.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());
    }

    @Test
    void requestsAlternateBetweenTheWorkersOfTheService() throws Exception {
        TestBackend a0 = open(TestBackend.named("a0"));
        TestBackend a1 = open(TestBackend.named("a1"));
        URI base = start(new TestUpstreams().service("a", a0.address(), a1.address()));

        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            bodies.add(get(base.resolve("/who")).body());
        }

        assertThat(bodies).containsExactly("a0", "a1", "a0", "a1");
    }

    @Test
    void connectionsToTheWorkerAreKeptAliveAndReused() throws Exception {
        TestBackend a0 = open(TestBackend.named("a0"));
        URI base = start(new TestUpstreams().service("a", a0.address()));

        for (int i = 0; i < 20; i++) {
            assertThat(get(base.resolve("/" + i)).statusCode()).isEqualTo(200);
        }

        assertThat(a0.connectionsSeen()).isEqualTo(1);
    }

    @Test
    void pipelinedRequestsAreForwardedOneAtATimeAndAnsweredInOrder() throws Exception {
        TestBackend echo = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                exchange.getRequestURI().getPath())));
        URI base = start(new TestUpstreams().service("a", echo.address()));

        try (RawHttpConnection connection = new RawHttpConnection(new InetSocketAddress("127.0.0.1", base.getPort()))) {
            connection.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /third HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(connection.read().text()).isEqualTo("/first");
            assertThat(connection.read().text()).isEqualTo("/second");
            assertThat(connection.read().text()).isEqualTo("/third");
        }
        assertThat(echo.connectionsSeen()).isEqualTo(1);
    }

    @Test
    void forwardedHeadersDescribeTheClientRequest() throws Exception {
        TestBackend echo = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
                exchange.getRequestHeaders().get("Host") + "|"
                        + exchange.getRequestHeaders().get("X-Forwarded-For") + "|"
                        + exchange.getRequestHeaders().get("X-Forwarded-Host") + "|"
                        + exchange.getRequestHeaders().get("X-Forwarded-Proto"))));
        URI base = start(new TestUpstreams().service("a", echo.address()));

        String plain = get(base.resolve("/")).body();
        String behindAnotherProxy = client.send(HttpRequest.newBuilder(base.resolve("/"))
                .header("X-Forwarded-For", "203.0.113.9").header("X-Forwarded-Host", "evil.example")
                .header("X-Forwarded-Proto", "https").build(), BodyHandlers.ofString()).body();

        String host = "127.0.0.1:" + base.getPort();
        assertThat(plain).isEqualTo("[" + host + "]|[127.0.0.1]|[" + host + "]|[http]");
        assertThat(behindAnotherProxy).isEqualTo("[" + host + "]|[203.0.113.9, 127.0.0.1]|[" + host + "]|[http]");
        try (RawHttpConnection connection = open(new RawHttpConnection(
                new InetSocketAddress("127.0.0.1", base.getPort())))) {
            connection.send("GET / HTTP/1.0\r\nX-Forwarded-Host: evil.example\r\n\r\n");
            assertThat(connection.read().text()).as("HTTP/1.0 without a Host").isEqualTo("null|[127.0.0.1]|null|[http]");
        }
    }

    @Test
    void hopByHopHeadersAreRemovedInBothDirections() throws Exception {
        ScriptedBackend backend = open(new ScriptedBackend((socket, in, head) -> {
            String body = String.join(",", head.lines().skip(1).filter(line -> !line.isBlank())
                    .map(line -> line.split(":")[0].toLowerCase(Locale.ROOT)).toList());
            socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nConnection: keep-alive, X-Hop\r\nX-Hop: 1\r\n"
                    + "Keep-Alive: timeout=5\r\nUpgrade: h2c\r\nX-End: 2\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body).getBytes());
            in.read();
        }));
        URI base = start(new TestUpstreams().service("a", backend.address()));

        try (RawHttpConnection connection = open(new RawHttpConnection(
                new InetSocketAddress("127.0.0.1", base.getPort())))) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, X-Private\r\nX-Private: 1\r\n"
                    + "Keep-Alive: timeout=9\r\nProxy-Authorization: Basic eDp5\r\nProxy-Connection: keep-alive\r\n"
                    + "TE: trailers\r\nUpgrade: websocket\r\nX-Kept: 1\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.text().split(",")).containsExactlyInAnyOrder(
                    "host", "x-kept", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto");
            assertThat(response.headers().keySet()).containsExactlyInAnyOrder("x-end", "content-length");
        }
    }

    @Test
    void entrypointServiceWithoutStartedWorkerAnswers503() throws Exception {
        URI base = start(new TestUpstreams().service("a"));

        HttpResponse<String> response = get(base.resolve("/"));

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.body()).contains("\"code\":\"RT_SERVICE_UNAVAILABLE\"");
    }

    @Test
    void portInUseIsReportedWithWhatToDo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            EntrypointServer server = entrypoint(loops, new TestUpstreams().service("a"));

            assertThatThrownBy(() -> server.bind("127.0.0.1", port))
                    .isInstanceOf(RtException.class)
                    .hasMessage("cannot listen on 127.0.0.1:" + port + ": the address is already in use"
                            + " (stop the program that holds it, or set server.port)")
                    .extracting(e -> ((RtException) e).code()).isEqualTo("RT_PORT_IN_USE");
        }
    }

    @Test
    void unresolvableHostIsReportedByName() {
        EntrypointServer server = entrypoint(loops, new TestUpstreams().service("a"));

        assertThatThrownBy(() -> server.bind("no-such-host.invalid", 0))
                .isInstanceOf(RtException.class)
                .hasMessageContaining("no-such-host.invalid")
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_SERVER_LISTEN_FAILED");
    }

    @Test
    void afterBeginShutdownResponsesCloseTheirConnection() throws Exception {
        TestBackend a0 = open(TestBackend.named("a0"));
        EntrypointServer server = entrypoint(loops, new TestUpstreams().service("a", a0.address()));
        InetSocketAddress bound = server.bind("127.0.0.1", 0);

        try (RawHttpConnection connection = open(new RawHttpConnection(bound))) {
            connection.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().header("connection")).isNull();

            server.beginShutdown();
            connection.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response last = connection.read();

            assertThat(last.text()).isEqualTo("a0");
            assertThat(last.header("connection")).isEqualTo("close");
            assertThat(connection.readToEnd()).isEmpty();
        }
    }

    @Test
    void closeLetsARequestInFlightFinishWithinTheGracePeriod() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestBackend slow = open(new TestBackend(exchange -> {
            arrived.countDown();
            TestBackend.await(release);
            TestBackend.respond(exchange, 200, "finished");
        }));
        resources.push(release::countDown);
        EntrypointServer server = new EntrypointServer(loops, new TestUpstreams().service("a", slow.address()), "a");
        InetSocketAddress bound = server.bind("127.0.0.1", 0);
        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bound.getPort() + "/slow")).build(),
                BodyHandlers.ofString());
        assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> server.close(Duration.ofSeconds(20)));
        awaitRefused(bound);
        assertThat(closing).isNotDone();
        release.countDown();

        HttpResponse<String> response = inFlight.get(10, TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("finished");
        assertThat(response.headers().firstValue("Connection")).hasValue("close");
        closing.get(10, TimeUnit.SECONDS);
    }

    @Test
    void closeEndsARequestStillRunningAfterTheGracePeriod() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestBackend stuck = open(new TestBackend(exchange -> {
            arrived.countDown();
            TestBackend.await(release);
        }));
        resources.push(release::countDown);
        EntrypointServer server = new EntrypointServer(loops, new TestUpstreams().service("a", stuck.address()), "a");
        InetSocketAddress bound = server.bind("127.0.0.1", 0);
        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bound.getPort() + "/stuck")).build(),
                BodyHandlers.ofString());
        assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();

        long started = System.nanoTime();
        server.close(Duration.ofMillis(200));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        assertThat(inFlight).failsWithin(Duration.ofSeconds(10)).withThrowableThat().withCauseInstanceOf(IOException.class);
    }

    @Test
    void nioTransportProxiesToo() throws Exception {
        ProxyEventLoops nio = open(new ProxyEventLoops(1, ProxyTransport.NIO));
        TestBackend a0 = open(TestBackend.named("a0"));
        InetSocketAddress bound = entrypoint(nio, new TestUpstreams().service("a", a0.address())).bind("127.0.0.1", 0);

        assertThat(nio.transport()).isEqualTo(ProxyTransport.NIO);
        assertThat(get(URI.create("http://127.0.0.1:" + bound.getPort() + "/")).body()).isEqualTo("a0");
        assertThat(get(URI.create("http://127.0.0.1:" + bound.getPort() + "/")).body()).isEqualTo("a0");
    }

    /** Waits for the event "the server no longer accepts": a connection attempt is refused. */
    static void awaitRefused(InetSocketAddress address) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket()) {
                socket.connect(address, 1_000);
            } catch (SocketTimeoutException backlogFull) {
                // these connects fill the backlog in milliseconds once the server stops accepting and before its
                // socket is closed (a window of tens of ms on a loaded machine): try again
            } catch (SocketException refusedOrResetFromTheClosedBacklog) {
                return;
            }
        }
        fail("the server still accepts connections at " + address);
    }
}
