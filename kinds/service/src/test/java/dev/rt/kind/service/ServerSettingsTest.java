package dev.rt.kind.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import dev.rt.kind.service.fixtures.Settings;
import dev.rt.kind.service.fixtures.SlowToRegister;
import dev.rt.kind.testing.Await;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each {@code server} setting of a service, with and without it, through a real HTTP client or a raw socket: the
 * router's ({@code caseSensitive}, {@code ignoreTrailingSlash}, {@code maxParamLength}, {@code exposeHeadRoutes}),
 * the connection's ({@code maxRequestsPerSocket}, {@code connectionTimeout}, {@code keepAliveTimeout},
 * {@code requestTimeout}, {@code forceCloseConnections}), the request log's ({@code requestIdHeader},
 * {@code requestIdLogLabel}, {@code disableRequestLogging}), {@code trustProxy} and {@code pluginTimeout}. Every wait
 * is for an event (a byte, a close, a log line), bounded.
 */
@Timeout(60)
class ServerSettingsTest {
    private static final Duration BOUND = Duration.ofSeconds(10);

    @TempDir
    Path dir;
    private RunningService service;
    private final CapturedStdout stdout = new CapturedStdout();

    @AfterEach
    void stop() {
        if (service != null) {
            service.close();
        }
        stdout.close();
    }

    private RunningService start(String server) {
        return start(server, "warn");
    }

    /** @param logLevel info to see every request's entries */
    private RunningService start(String server, String logLevel) {
        service = RunningService.start(dir, "{\"server\": " + server + ", \"plugins\": {\"packages\":"
                + " [\"" + Settings.class.getName() + "\"]}}", Map.of("RT_LOG_LEVEL", logLevel));
        return service;
    }

    private HttpResponse<String> get(String path, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(service.url(path)));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return service.send(request);
    }

    @Test
    void routesAreCaseSensitiveUnlessCaseSensitiveIsFalse() throws Exception {
        start("{}");
        assertThat(get("/HELLO").statusCode()).isEqualTo(404);
        service.close();
        start("{\"caseSensitive\": false}");
        assertThat(get("/HELLO").body()).isEqualTo("hello");
    }

    @Test
    void aTrailingSlashFindsTheRouteWithIgnoreTrailingSlash() throws Exception {
        start("{\"ignoreTrailingSlash\": true}");
        assertThat(get("/hello/").body()).isEqualTo("hello");
    }

    @Test
    void aParameterLongerThanMaxParamLengthIsAnUnknownRoute() throws Exception {
        start("{\"maxParamLength\": 5}");
        assertThat(get("/items/12345").body()).isEqualTo("12345");
        HttpResponse<String> tooLong = get("/items/123456");
        assertThat(tooLong.statusCode()).isEqualTo(404);
        assertThat(tooLong.body()).isEqualTo(
                "{\"message\":\"Route GET:/items/123456 not found\",\"error\":\"Not Found\",\"statusCode\":404}");
    }

    @Test
    void headRoutesAreGoneWithExposeHeadRoutesFalse() throws Exception {
        start("{}");
        assertThat(head()).isEqualTo(200);
        service.close();
        start("{\"exposeHeadRoutes\": false}");
        assertThat(head()).isEqualTo(404);
    }

    private int head() throws Exception {
        return service.send(HttpRequest.newBuilder(URI.create(service.url("/hello")))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())).statusCode();
    }

    @Test
    void theLastRequestAllowedOnAConnectionByMaxRequestsPerSocketIsAnsweredWithConnectionClose() throws Exception {
        start("{\"maxRequestsPerSocket\": 2}");
        try (RawConnection connection = new RawConnection(service.application().port())) {
            assertThat(connection.exchange("GET /hello")).doesNotContainIgnoringCase("connection: close");
            assertThat(connection.exchange("GET /hello")).containsIgnoringCase("connection: close");
            assertThat(connection.closedWithin(BOUND)).isTrue();
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterConnectionTimeout() throws Exception {
        start("{\"connectionTimeout\": 300}");
        try (RawConnection connection = new RawConnection(service.application().port())) {
            assertThat(connection.closedWithin(BOUND)).isTrue();
        }
    }

    @Test
    void anIdleKeptAliveConnectionIsClosedAfterKeepAliveTimeout() throws Exception {
        start("{\"keepAliveTimeout\": 300}");
        try (RawConnection connection = new RawConnection(service.application().port())) {
            assertThat(connection.exchange("GET /hello")).startsWith("HTTP/1.1 200");
            assertThat(connection.closedWithin(BOUND)).isTrue();
        }
    }

    @Test
    void aRequestWhoseBodyDoesNotArriveWithinRequestTimeoutIsAnswered408() throws Exception {
        start("{\"requestTimeout\": 300}");
        try (RawConnection connection = new RawConnection(service.application().port())) {
            connection.send("POST /hello HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nabc");
            assertThat(connection.response()).startsWith("HTTP/1.1 408");
        }
    }

    @Test
    void forceCloseConnectionsCutsARequestInFlightAtStopWhereTheDefaultLetsItFinish() throws Exception {
        start("{}");
        CompletableFuture<HttpResponse<String>> held = holdOne();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(service::close);
        awaitRefused(service.application().port()); // the server has begun to stop: no new connection
        Settings.RELEASE.release();
        assertThat(held.get(BOUND.toSeconds(), TimeUnit.SECONDS).body()).isEqualTo("held");
        stopping.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        service = null;

        start("{\"forceCloseConnections\": true}");
        CompletableFuture<HttpResponse<String>> cut = holdOne();
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(service::close);
        assertThatThrownBy(() -> cut.get(BOUND.toSeconds(), TimeUnit.SECONDS)).hasCauseInstanceOf(IOException.class);
        Settings.RELEASE.release();
        stopped.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        service = null;
    }

    private CompletableFuture<HttpResponse<String>> holdOne() throws InterruptedException {
        Settings.HELD.drainPermits();
        CompletableFuture<HttpResponse<String>> response = CompletableFuture.supplyAsync(() -> {
            try {
                return get("/hold");
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        assertThat(Settings.HELD.tryAcquire(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
        return response;
    }

    private static void awaitRefused(int port) {
        Await.atMost(BOUND).alias("port " + port + " refusing connections").until(() -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return false;
            } catch (ConnectException refused) {
                return true;
            } catch (IOException e) {
                return false; // not refused yet: try again
            }
        });
    }

    @Test
    void theRequestIdComesFromRequestIdHeaderAndIsLoggedUnderRequestIdLogLabel() throws Exception {
        stdout.open();
        start("{\"requestIdHeader\": \"x-request-id\", \"requestIdLogLabel\": \"requestId\"}", "info");
        get("/hello", "x-request-id", "abc-123");
        get("/hello");
        assertThat(stdout.await("\"requestId\":\"abc-123\"", BOUND)).contains("incoming request");
        assertThat(stdout.await("\"requestId\":\"req-1\"", BOUND)).contains("incoming request");
        assertThat(stdout.text()).doesNotContain("\"reqId\"");
    }

    @Test
    void withDisableRequestLoggingOnlyFailuresAreLogged() throws Exception {
        stdout.open();
        start("{\"disableRequestLogging\": true}", "info");
        get("/hello");
        get("/nowhere");
        assertThat(stdout.await("Route GET:/nowhere not found", BOUND)).contains("\"reqId\":\"req-2\"");
        assertThat(stdout.text()).doesNotContain("incoming request").doesNotContain("request completed");
    }

    @Test
    void trustProxyDecidesWhichForwardedAddressIsTheClient() throws Exception {
        String[] chain = {"x-forwarded-for", "203.0.113.9, 198.51.100.7", "x-forwarded-proto", "https",
            "x-forwarded-host", "shop.example"};
        Map<String, String> expected = Map.of(
                "false", "127.0.0.1 http",
                "true", "203.0.113.9 https shop.example",
                "1", "198.51.100.7 https shop.example",
                "2", "203.0.113.9 https shop.example",
                "\"127.0.0.1\"", "198.51.100.7 https shop.example",
                "[\"loopback\", \"198.51.100.0/24\"]", "203.0.113.9 https shop.example",
                "\"127.0.0.0/255.0.0.0, 198.51.100.7\"", "203.0.113.9 https shop.example",
                "\"10.0.0.0/8\"", "127.0.0.1 http");
        for (Map.Entry<String, String> setting : expected.entrySet()) {
            start("{\"trustProxy\": " + setting.getKey() + "}");
            assertThat(get("/client", chain).body()).as("trustProxy %s", setting.getKey())
                    .startsWith(setting.getValue());
            service.close();
            service = null;
        }
    }

    @Test
    void aTrustProxyEntryThatIsNoAddressRangeOrKeywordIsRefusedWithItsPointer() {
        assertThatThrownBy(() -> new ServiceKind().check(new JsonObject("{\"server\": {\"trustProxy\":"
                + " [\"loopback\", \"proxy.internal\"]}}").getMap(), dir)).isInstanceOf(KindException.class)
                .hasMessage("\"proxy.internal\" is not an IP address, a range (10.0.0.0/8 or 10.0.0.0/255.0.0.0) or"
                        + " one of loopback, linklocal, uniquelocal")
                .extracting(e -> ((KindException) e).pointer()).isEqualTo(Optional.of("/server/trustProxy/1"));
    }

    @Test
    void withCoerceTypesFalseAStringIsNotTakenForAnInteger() throws Exception {
        service = RunningService.start(dir, "{\"plugins\": {\"packages\": [\"dev.rt.kind.service.fixtures.Movies\"]}}");
        assertThat(get("/movies/7").statusCode()).isEqualTo(200);
        service.close();
        service = RunningService.start(dir, "{\"server\": {\"ajv\": {\"customOptions\": {\"coerceTypes\": false}}},"
                + " \"plugins\": {\"packages\": [\"dev.rt.kind.service.fixtures.Movies\"]}}");
        HttpResponse<String> refused = get("/movies/7");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("params/id must be integer");
    }

    @Test
    void theOpenApiDocumentIsServedUnderSwaggerPrefix() throws Exception {
        service = RunningService.start(dir, "{\"service\": {\"openapi\": {\"swaggerPrefix\": \"/docs\"}},"
                + " \"plugins\": {\"packages\": [\"" + Settings.class.getName() + "\"]}}");
        assertThat(get("/docs/json").body()).contains("\"/items/{id}\"");
        assertThat(get("/documentation/json").statusCode()).isEqualTo(404);
    }

    @Test
    void theSettingsThatHaveNoMeaningOnTheJvmAreRefusedWithTheirPointers() {
        Map<String, String> refused = Map.of(
                "{\"server\": {\"serializerOpts\": {}}}", "/server/serializerOpts",
                "{\"server\": {\"jsonShorthand\": false}}", "/server/jsonShorthand",
                "{\"server\": {\"logger\": {\"level\": \"info\", \"redact\": [\"x\"]}}}", "/server/logger/redact",
                "{\"plugins\": {\"typescript\": true}}", "/plugins/typescript",
                "{\"plugins\": {\"paths\": [{\"path\": \"p\", \"autoHooks\": true}]}}", "/plugins/paths/0/autoHooks",
                "{\"plugins\": {\"paths\": [{\"path\": \"p\", \"forceESM\": true}]}}", "/plugins/paths/0/forceESM");
        refused.forEach((configuration, pointer) -> assertThatThrownBy(() -> new ServiceKind().check(
                new JsonObject(configuration).getMap(), dir)).as(configuration).isInstanceOf(KindException.class)
                .extracting(e -> ((KindException) e).pointer()).isEqualTo(Optional.of(pointer)));
        new ServiceKind().check(new JsonObject("{\"server\": {\"jsonShorthand\": true, \"logger\":"
                + " {\"level\": \"warn\"}, \"ajv\": {\"customOptions\": {\"coerceTypes\": false}}}}").getMap(), dir);
    }

    @Test
    void aPluginThatDoesNotRegisterWithinPluginTimeoutStopsTheStartNamingIt() {
        try {
            assertThatThrownBy(() -> RunningService.start(dir, "{\"server\": {\"pluginTimeout\": 300}, \"plugins\":"
                    + " {\"packages\": [\"" + SlowToRegister.class.getName() + "\"]}}", Map.of()))
                    .isInstanceOf(KindException.class).hasMessageContaining("plugin " + SlowToRegister.class.getName()
                            + " did not finish registering within 300 ms (server.pluginTimeout)");
        } finally {
            SlowToRegister.DONE.countDown();
        }
    }

    /** An HTTP/1.1 connection driven by hand: what a request sends and what comes back, byte by byte. */
    private static final class RawConnection implements AutoCloseable {
        private final Socket socket;

        RawConnection(int port) throws IOException {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout((int) BOUND.toMillis());
        }

        void send(String text) throws IOException {
            socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
        }

        /** Sends {@code requestLine} with a Host header and returns the response's head and body. */
        String exchange(String requestLine) throws IOException {
            send(requestLine + " HTTP/1.1\r\nHost: x\r\n\r\n");
            return response();
        }

        /** One response: its head, and its body by Content-Length. */
        String response() throws IOException {
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = socket.getInputStream().read();
                if (b < 0) {
                    throw new IOException("closed after " + head);
                }
                head.append((char) b);
            }
            int length = 0;
            for (String line : head.toString().split("\r\n")) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).strip());
                }
            }
            return head + new String(socket.getInputStream().readNBytes(length), StandardCharsets.UTF_8);
        }

        /** Whether the server closes the connection (the next read ends) within {@code limit}. */
        boolean closedWithin(Duration limit) throws IOException {
            socket.setSoTimeout((int) limit.toMillis());
            try {
                return socket.getInputStream().read() < 0;
            } catch (java.net.SocketTimeoutException e) {
                return false;
            } catch (java.net.SocketException reset) {
                return true;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
