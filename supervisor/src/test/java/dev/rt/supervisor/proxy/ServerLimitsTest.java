package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.supervisor.Poll;
import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The public server's defences: head sizes, slow and idle clients, connection count, request smuggling. */
@Timeout(30)
class ServerLimitsTest {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(1));
    private final TestBackend echo = open(new TestBackend(exchange -> TestBackend.respond(exchange, 200,
            exchange.getRequestURI() + " " + new String(exchange.getRequestBody().readAllBytes()))));
    private EntrypointServer server;

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    private InetSocketAddress start(ServerLimits limits) {
        server = open(new EntrypointServer(loops, new TestUpstreams().service("a", echo.address()), "a", "", limits,
                Optional.empty(), false));
        return server.bind("127.0.0.1", 0);
    }

    private RawHttpConnection connect(InetSocketAddress address) throws IOException {
        return open(new RawHttpConnection(address));
    }

    @Test
    void limitsComeFromTheServerObjectWithDefaultsForWhatIsMissing() throws Exception {
        ObjectMapper json = new ObjectMapper();

        assertThat(ServerLimits.from(json.readTree("{\"hostname\":\"x\"}"))).isEqualTo(ServerLimits.DEFAULTS);
        assertThat(ServerLimits.from(json.missingNode())).isEqualTo(ServerLimits.DEFAULTS);
        assertThat(ServerLimits.from(json.readTree("{\"maxHeaderSize\":2048,\"maxRequestLineLength\":512,"
                + "\"idleTimeout\":0,\"headersTimeout\":100,\"maxConnections\":3}")))
                .isEqualTo(new ServerLimits(2048, 512, 0, 100, 3));
    }

    @Test
    void headersLargerThanMaxHeaderSizeAreAnswered431() throws Exception {
        InetSocketAddress address = start(new ServerLimits(2048, 8192, 60_000, 30_000, 100));

        try (RawHttpConnection connection = connect(address)) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(3000) + "\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(431);
            assertThat(response.text()).isEqualTo("{\"statusCode\":431,\"error\":\"Request Header Fields Too Large\","
                    + "\"code\":\"RT_HEADERS_TOO_LARGE\",\"message\":\"The request headers are larger than 2048 bytes"
                    + " (server.maxHeaderSize)\"}");
            assertThat(connection.readToEnd()).isEmpty();
        }
    }

    @Test
    void requestLineLongerThanTheLimitIsAnswered414() throws Exception {
        InetSocketAddress address = start(new ServerLimits(16384, 512, 60_000, 30_000, 100));

        try (RawHttpConnection connection = connect(address)) {
            connection.send("GET /" + "a".repeat(600) + " HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(414);
            assertThat(response.text()).contains("\"code\":\"RT_REQUEST_LINE_TOO_LONG\"")
                    .contains("longer than 512 bytes (server.maxRequestLineLength)");
        }
    }

    @Test
    void clientThatDoesNotFinishItsHeadInTimeIsAnswered408AndDisconnected() throws Exception {
        InetSocketAddress address = start(ServerLimits.DEFAULTS.withHeadersTimeout(300));

        try (RawHttpConnection connection = connect(address)) {
            connection.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().text()).isEqualTo("/first ");
            connection.send("GET /slow HTTP/1.1\r\nHost: x\r\nX-Partial: ");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(408);
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(response.text()).contains("\"code\":\"RT_HEADERS_TIMEOUT\"");
            assertThat(connection.readToEnd()).isEmpty();
        }
    }

    @Test
    void connectionThatSendsNothingIsClosedAfterTheHeadersTimeout() throws Exception {
        InetSocketAddress address = start(ServerLimits.DEFAULTS.withHeadersTimeout(300));

        try (RawHttpConnection connection = connect(address)) {
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(408);
        }
    }

    @Test
    void idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        InetSocketAddress address = start(ServerLimits.DEFAULTS.withIdleTimeout(300));

        try (RawHttpConnection connection = connect(address)) {
            connection.send("GET /once HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().text()).isEqualTo("/once ");

            assertThat(connection.readToEnd()).isEmpty(); // ends, rather than timing out after 10 s
        }
    }

    @Test
    void idleTimeoutCountsFromTheEndOfASlowResponse() throws Exception {
        AtomicLong answering = new AtomicLong();
        TestBackend slow = open(new TestBackend(exchange -> {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(700)); // a worker slower than the idle timeout
            answering.set(System.nanoTime()); // the proxy can only finish the response after this
            TestBackend.respond(exchange, 200, "late");
        }));
        server = open(new EntrypointServer(loops, new TestUpstreams().service("a", slow.address()), "a", "",
                ServerLimits.DEFAULTS.withIdleTimeout(400), Optional.empty(), false));

        try (RawHttpConnection connection = connect(server.bind("127.0.0.1", 0))) {
            connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.read().text()).isEqualTo("late");

            assertThat(connection.readToEnd()).isEmpty();
            // from the worker's answer, not from when this thread got the response: it may get it late
            assertThat(Duration.ofNanos(System.nanoTime() - answering.get())).isGreaterThan(Duration.ofMillis(300));
        }
    }

    @Test
    void connectionsBeyondMaxConnectionsAreClosedAtOnce() throws Exception {
        InetSocketAddress address = start(ServerLimits.DEFAULTS.withMaxConnections(2));
        RawHttpConnection first = connect(address);
        RawHttpConnection second = connect(address);
        first.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n");
        second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(first.read().text()).isEqualTo("/1 ");
        assertThat(second.read().text()).isEqualTo("/2 ");

        try (RawHttpConnection third = connect(address)) {
            assertThat(third.input().read()).isEqualTo(-1);
        }
        first.close();
        awaitOpenConnections(1);
        try (RawHttpConnection fourth = connect(address)) {
            fourth.send("GET /4 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(fourth.read().text()).isEqualTo("/4 ");
        }
    }

    private void awaitOpenConnections(int count) throws Exception {
        Poll.until(Duration.ofSeconds(10), () -> server.openConnections() == count,
                () -> count + " open connections expected, found " + server.openConnections());
    }

    @Test
    void contentLengthWithTransferEncodingIsRefusedAndTheConnectionClosed() throws Exception {
        assertRefused("POST /smuggle HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\nGET /hidden HTTP/1.1\r\nHost: x\r\n\r\n");
    }

    @Test
    void transferEncodingThatDoesNotEndInChunkedIsRefused() throws Exception {
        assertRefused("POST /smuggle HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
    }

    @Test
    void transferEncodingInHttp10IsRefused() throws Exception {
        assertRefused("POST /smuggle HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
    }

    @Test
    void differingContentLengthsAreRefused() throws Exception {
        assertRefused("POST /smuggle HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!");
    }

    @Test
    void obfuscatedTransferEncodingIsRefused() throws Exception {
        assertRefused("POST /smuggle HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding : chunked\r\n\r\n"
                + "0\r\n\r\n");
    }

    @Test
    void requestWithTwoHostHeadersIsRefused() throws Exception {
        assertRefused("GET /which HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n");
    }

    @Test
    void http11RequestWithoutHostIsRefused() throws Exception {
        assertRefused("GET /nohost HTTP/1.1\r\nAccept: */*\r\n\r\n");
    }

    @Test
    void http10RequestWithoutHostIsServed() throws Exception {
        InetSocketAddress address = start(ServerLimits.DEFAULTS);
        try (RawHttpConnection connection = connect(address)) {
            connection.send("GET /old HTTP/1.0\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.text()).isEqualTo("/old ");
        }
    }

    @Test
    void malformedChunkIsAnswered400AndTheConnectionClosed() throws Exception {
        // the head is valid and goes to the worker; the body's first chunk size is not hexadecimal
        assertRefused("POST /chunks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "zz\r\nhello\r\n0\r\n\r\n");
    }

    private void assertRefused(String request) throws Exception {
        InetSocketAddress address = start(ServerLimits.DEFAULTS);
        try (RawHttpConnection connection = connect(address)) {
            connection.send(request);
            RawHttpConnection.Response response = connection.read();

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(response.text()).contains("\"code\":\"RT_BAD_REQUEST\"");
            assertThat(connection.readToEnd()).isEmpty();
        }
    }
}
