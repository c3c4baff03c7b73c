package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.testing.TestPorts;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the proxy does when a worker or a client goes away at each point of an exchange. */
@Timeout(30)
class ProxyFailureTest {
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

    private InetSocketAddress entrypoint(InetSocketAddress... workers) {
        return open(new EntrypointServer(loops, new TestUpstreams().service("a", workers), "a")).bind("127.0.0.1", 0);
    }

    private HttpResponse<String> send(InetSocketAddress proxy, HttpRequest.Builder request) throws Exception {
        return client.send(request.uri(URI.create("http://127.0.0.1:" + proxy.getPort() + "/x")).build(),
                BodyHandlers.ofString());
    }

    /** An address that refuses connections until the test ends: held, so that no other program listens there. */
    private InetSocketAddress refusingAddress() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), open(TestPorts.refusing()).port());
    }

    @Test
    void workerRefusingTheConnectionIsSkippedForTheNextWorker() throws Exception {
        TestBackend live = open(TestBackend.named("live"));
        InetSocketAddress proxy = entrypoint(refusingAddress(), live.address());

        for (int i = 0; i < 4; i++) {
            HttpResponse<String> response = send(proxy, HttpRequest.newBuilder().POST(BodyPublishers.ofString("x")));
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("live");
        }
    }

    @Test
    void everyWorkerRefusingIsAnswered502NamingTheService() throws Exception {
        InetSocketAddress proxy = entrypoint(refusingAddress(), refusingAddress());

        HttpResponse<String> response = send(proxy, HttpRequest.newBuilder());

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        assertThat(response.body()).isIn(
                "{\"statusCode\":502,\"error\":\"Bad Gateway\",\"code\":\"RT_UPSTREAM_UNREACHABLE\","
                        + "\"message\":\"Service \\\"a\\\" is unreachable: no worker took the request (tried a:0, a:1)\"}",
                "{\"statusCode\":502,\"error\":\"Bad Gateway\",\"code\":\"RT_UPSTREAM_UNREACHABLE\","
                        + "\"message\":\"Service \\\"a\\\" is unreachable: no worker took the request (tried a:1, a:0)\"}");
    }

    @Test
    void aWorkerPortThatAnswersAnotherProtocolIsA502SayingItIsNotHttp() throws Exception {
        ScriptedBackend database = open(new ScriptedBackend((socket, in, head) -> {
            socket.getOutputStream().write(("\0\0\0\5Version mismatch, driver version is \"12\" but server version"
                    + " is \"21\"\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII)); // a database's TCP port
            socket.getOutputStream().flush();
        }));
        InetSocketAddress proxy = entrypoint(database.address());
        int port = database.address().getPort();

        HttpResponse<String> get = send(proxy, HttpRequest.newBuilder());
        HttpResponse<String> post = send(proxy, HttpRequest.newBuilder().POST(BodyPublishers.ofString("x")));

        assertThat(get.statusCode()).isEqualTo(502);
        assertThat(get.body()).isEqualTo("{\"statusCode\":502,\"error\":\"Bad Gateway\",\"code\":\"RT_UPSTREAM_CLOSED\","
                + "\"message\":\"Service \\\"a\\\" did not answer over HTTP (a:0 on port " + port
                + " answered with bytes that are not HTTP)\"}");
        assertThat(post.body()).contains("Worker a:0 of service \\\"a\\\" answered on port " + port
                + " with bytes that are not HTTP");
    }

    @Test
    void aWorkerPortThatClosesWithoutAnsweringIsA502SayingSoNotUnreachable() throws Exception {
        ScriptedBackend silent = open(new ScriptedBackend((socket, in, head) -> socket.close()));
        InetSocketAddress proxy = entrypoint(silent.address(), refusingAddress());

        HttpResponse<String> response = send(proxy, HttpRequest.newBuilder());

        assertThat(response.statusCode()).isEqualTo(502);
        assertThat(response.body()).contains("\"code\":\"RT_UPSTREAM_CLOSED\"")
                .contains("a:0 on port " + silent.address().getPort() + " closed the connection without an HTTP response")
                .contains("refused the connection");
    }

    @Test
    void workerDroppingTheConnectionMidResponseCutsTheClientConnection() throws Exception {
        ScriptedBackend worker = open(new ScriptedBackend((socket, in, head) -> {
            socket.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly ten b".getBytes());
            socket.getOutputStream().flush();
        }));
        InetSocketAddress proxy = entrypoint(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttpConnection.Response response = connection.read();

            assertThat(response.header("content-length")).isEqualTo("1000");
            assertThat(response.text()).isEqualTo("only ten b");
            assertThat(connection.readToEnd()).isEmpty();
        }
    }

    @Test
    void idleWorkerConnectionFoundClosedIsReplacedForASafeRequestButNotForAPost() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        ScriptedBackend worker = open(new ScriptedBackend((socket, in, head) -> {
            String body = "connection " + connections.incrementAndGet();
            socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                    .getBytes());
            socket.getOutputStream().flush();
            ScriptedBackend.readHead(in); // the next request on this connection is dropped unanswered
        }));
        InetSocketAddress proxy = entrypoint(worker.address());

        HttpResponse<String> first = send(proxy, HttpRequest.newBuilder());
        HttpResponse<String> replayed = send(proxy, HttpRequest.newBuilder());
        HttpResponse<String> post = send(proxy, HttpRequest.newBuilder().POST(BodyPublishers.ofString("once")));

        assertThat(first.body()).isEqualTo("connection 1");
        assertThat(replayed.body()).isEqualTo("connection 2");
        assertThat(post.statusCode()).isEqualTo(502);
        assertThat(post.body()).contains("\"code\":\"RT_UPSTREAM_CLOSED\"")
                .contains("Worker a:0 of service \\\"a\\\" closed the connection before it answered");
    }

    @Test
    void workerConnectionIsNotReusedAfterAResponseWithConnectionClose() throws Exception {
        AtomicInteger connections = new AtomicInteger();
        ScriptedBackend worker = open(new ScriptedBackend((socket, in, head) -> {
            String body = "connection " + connections.incrementAndGet();
            socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body).getBytes());
            socket.getOutputStream().flush();
            in.read(); // keeps the connection open: only the header says it ends
        }));
        InetSocketAddress proxy = entrypoint(worker.address());

        HttpResponse<String> first = send(proxy, HttpRequest.newBuilder());
        HttpResponse<String> second = send(proxy, HttpRequest.newBuilder());

        assertThat(first.body()).isEqualTo("connection 1");
        assertThat(second.body()).isEqualTo("connection 2");
        assertThat(second.headers().firstValue("Connection")).isEmpty();
    }

    @Test
    void clientLeavingMidRequestClosesTheWorkerConnection() throws Exception {
        CountDownLatch workerHasRequest = new CountDownLatch(1);
        CountDownLatch workerSawClose = new CountDownLatch(1);
        ScriptedBackend worker = open(new ScriptedBackend((socket, in, head) -> {
            workerHasRequest.countDown();
            try {
                while (in.read() >= 0) {
                    // the body trickles in until the proxy closes the connection
                }
            } finally {
                workerSawClose.countDown();
            }
        }));
        InetSocketAddress proxy = entrypoint(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nfirst part");
            assertThat(workerHasRequest.await(10, TimeUnit.SECONDS)).isTrue();
        }

        assertThat(workerSawClose.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void clientLeavingMidResponseClosesTheWorkerConnection() throws Exception {
        CountDownLatch workerSawClose = new CountDownLatch(1);
        ScriptedBackend worker = open(new ScriptedBackend((socket, in, head) -> {
            try {
                OutputStream out = socket.getOutputStream();
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n".getBytes());
                out.write(new byte[64 * 1024]);
                out.flush();
                while (in.read() >= 0) {
                    // wait for the proxy to close the connection
                }
            } finally {
                workerSawClose.countDown();
            }
        }));
        InetSocketAddress proxy = entrypoint(worker.address());

        try (RawHttpConnection connection = new RawHttpConnection(proxy)) {
            connection.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(connection.input().readNBytes(15)).asString().isEqualTo("HTTP/1.1 200 OK");
        }

        assertThat(workerSawClose.await(10, TimeUnit.SECONDS)).isTrue();
    }
}
