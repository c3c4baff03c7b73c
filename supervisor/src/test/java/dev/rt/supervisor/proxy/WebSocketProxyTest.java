package dev.rt.supervisor.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.proxy.exchange.ServerLimits;
import dev.rt.supervisor.proxy.transport.ProxyEventLoops;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** WebSocket conversations through the entrypoint (ws and wss) and through the mesh, with the JDK client. */
@Timeout(60)
class WebSocketProxyTest {
    private final OpenResources resources = new OpenResources();
    private final ProxyEventLoops loops = open(new ProxyEventLoops(2));
    private final WebSocketEchoBackend worker = open(new WebSocketEchoBackend(loops));

    @AfterEach
    void closeAll() throws Exception {
        resources.close();
    }

    private <T extends AutoCloseable> T open(T resource) {
        return resources.open(resource);
    }

    /** Collects every message the server sends, whole. */
    private static final class Received implements WebSocket.Listener {
        final LinkedBlockingQueue<Object> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private StringBuilder text = new StringBuilder();
        private ByteBuffer binary = ByteBuffer.allocate(0);

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                messages.add(text.toString());
                text = new StringBuilder();
            }
            socket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket socket, ByteBuffer data, boolean last) {
            ByteBuffer joined = ByteBuffer.allocate(binary.remaining() + data.remaining());
            joined.put(binary).put(data).flip();
            binary = joined;
            if (last) {
                messages.add(binary);
                binary = ByteBuffer.allocate(0);
            }
            socket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int status, String reason) {
            closed.complete(status);
            return null;
        }

        Object next() throws InterruptedException {
            Object message = messages.poll(20, TimeUnit.SECONDS);
            assertThat(message).as("a message within 20 s").isNotNull();
            return message;
        }
    }

    private static void converse(HttpClient client, URI uri, String expectedHost) throws Exception {
        Received received = new Received();
        WebSocket socket = client.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10))
                .buildAsync(uri, received).get(20, TimeUnit.SECONDS);

        assertThat(received.next()).isEqualTo("welcome " + expectedHost);
        socket.sendText("ping", true).get(10, TimeUnit.SECONDS);
        assertThat(received.next()).isEqualTo("ping");
        byte[] large = new byte[4 * 1024 * 1024];
        for (int i = 0; i < large.length; i++) {
            large[i] = (byte) (i * 7);
        }
        socket.sendBinary(ByteBuffer.wrap(large), true).get(20, TimeUnit.SECONDS);
        assertThat(received.next()).isEqualTo(ByteBuffer.wrap(large));
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
        assertThat(received.closed.get(20, TimeUnit.SECONDS)).isEqualTo(WebSocket.NORMAL_CLOSURE);
    }

    @Test
    void webSocketThroughTheEntrypointEchoesBothWays() throws Exception {
        EntrypointServer server = open(new EntrypointServer(loops, new TestUpstreams().service("a", worker.address()), "a"));
        int port = server.bind("127.0.0.1", 0).getPort();

        converse(HttpClient.newHttpClient(), URI.create("ws://127.0.0.1:" + port + "/ws"), "127.0.0.1:" + port);
        converse(HttpClient.newHttpClient(), URI.create("ws://127.0.0.1:" + port + "/ws"), "127.0.0.1:" + port);
    }

    @Test
    void secureWebSocketThroughTheEntrypointEchoesBothWays() throws Exception {
        EntrypointServer server = open(new EntrypointServer(loops, new TestUpstreams().service("a", worker.address()), "a",
                "", ServerLimits.DEFAULTS, Optional.of(TestTls.server(TestTls.localhost(true), true)), true));
        int port = server.bind("127.0.0.1", 0).getPort();

        converse(HttpClient.newBuilder().sslContext(TestTls.trustingLocalhost()).build(),
                URI.create("wss://localhost:" + port + "/ws"), "localhost:" + port);
    }

    @Test
    void webSocketThroughTheMeshEchoesBothWays() throws Exception {
        MeshProxy mesh = open(new MeshProxy(loops, new TestUpstreams().service("b", worker.address()), Duration.ofSeconds(5)));
        HttpClient client = HttpClient.newBuilder().proxy(ProxySelector.of(mesh.bind())).build();

        converse(client, URI.create("ws://b.rt.local/ws"), "b.rt.local");
    }

    @Test
    void h2cOfferOfTheJdkClientIsForThisHopOnlyAndNotForwarded() throws Exception {
        ScriptedBackend echo = open(new ScriptedBackend((socket, in, head) -> {
            String names = String.join(",", head.lines().skip(1).filter(line -> !line.isBlank())
                    .map(line -> line.split(":")[0].toLowerCase(java.util.Locale.ROOT)).sorted().toList());
            socket.getOutputStream().write(("HTTP/1.1 200 OK\r\nContent-Length: " + names.length() + "\r\n\r\n"
                    + names).getBytes());
            in.read();
        }));
        EntrypointServer server = open(new EntrypointServer(loops, new TestUpstreams().service("a", echo.address()), "a"));
        int port = server.bind("127.0.0.1", 0).getPort();

        java.net.http.HttpResponse<String> response = HttpClient.newHttpClient().send(java.net.http.HttpRequest
                .newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(response.body()).doesNotContain("upgrade").doesNotContain("http2-settings")
                .doesNotContain("connection").contains("host");
    }

    @Test
    void plainRequestsStillWorkOnAServerThatTunnelledAWebSocket() throws Exception {
        TestBackend http = open(TestBackend.named("plain"));
        EntrypointServer server = open(new EntrypointServer(loops, new TestUpstreams().service("a", http.address()), "a"));
        int port = server.bind("127.0.0.1", 0).getPort();

        try (RawHttpConnection connection = new RawHttpConnection(new java.net.InetSocketAddress("127.0.0.1", port))) {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
            RawHttpConnection.Response refused = connection.read();
            connection.send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n");

            assertThat(refused.text()).isEqualTo("plain");
            assertThat(connection.read().text()).isEqualTo("plain");
        }
    }
}
