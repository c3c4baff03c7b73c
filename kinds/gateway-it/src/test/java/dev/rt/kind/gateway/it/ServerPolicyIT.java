package dev.rt.kind.gateway.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.rt.cli.e2e.Chromium;
import dev.rt.cli.e2e.RtProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One set of server settings (testdata/services/server-policy: CORS, bodyLimit, requestTimeout, healthCheck,
 * maxRequestsPerSocket) on a service's own server and on a gateway without workers in front of the same plugin: the
 * same requests get the same status, CORS headers and answers; a real browser's cross-origin fetch through the
 * gateway, preflight first, succeeds from an allowed origin and is blocked from another.
 */
class ServerPolicyIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURES = RtProcess.SERVICES.resolve("server-policy");
    private static final List<String> COMPARED = List.of("access-control-allow-origin",
            "access-control-allow-credentials", "access-control-expose-headers", "access-control-allow-methods",
            "access-control-allow-headers", "access-control-max-age", "vary", "content-type");
    private static RtProcess gateway;
    private static RtProcess service;

    @BeforeAll
    static void start() throws Exception {
        gateway = RtProcess.startService("server-policy/gateway");
        service = RtProcess.startService("server-policy/service");
        gateway.listening(LIMIT);
        service.listening(LIMIT);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (service != null) {
            service.close();
        }
    }

    /**
     * A response as compared: status, the CORS headers and content type, and the body (JSON by its fields, in any
     * order) unless the echo plugin wrote it. Not {@code Connection}: after a 413 or 408 the gateway closes the
     * connection, as the service kind's server does, where rt's entrypoint in front of a service keeps the client's
     * connection once the whole request has arrived.
     */
    private static String seen(RawHttp.Response response) throws IOException {
        Map<String, String> headers = new TreeMap<>();
        COMPARED.forEach(name -> headers.put(name, response.headers().get(name)));
        boolean echoed = response.status() == 200 && response.body().contains("\"service\"");
        Object body = echoed ? "(echoed)" : response.body().startsWith("{")
                ? JSON.convertValue(JSON.readTree(response.body()), TreeMap.class) : response.body();
        return response.status() + " " + headers + " " + body;
    }

    private static RawHttp.Response exchange(RtProcess rt, String request) throws IOException {
        try (RawHttp client = new RawHttp(rt.url())) {
            client.send(request);
            return client.read();
        }
    }

    /** What {@code request} gets from the gateway, asserted to be what the service gets. */
    private static RawHttp.Response same(String request) throws IOException {
        RawHttp.Response fromGateway = exchange(gateway, request);
        assertThat(seen(fromGateway)).as(request).isEqualTo(seen(exchange(service, request)));
        return fromGateway;
    }

    private static JsonNode serverOf(String file) throws IOException {
        return JSON.readTree(FIXTURES.resolve(file).toFile()).get("server");
    }

    @Test
    void theGatewayAndTheServiceAreGivenTheSameSettings() throws Exception {
        assertThat(serverOf("gateway/api/rt.json")).isEqualTo(serverOf("service/echo/rt.json"));
    }

    @Test
    void preflightsAreAnsweredAlikeAllowedRefusedOrLeftToTheRoutes() throws Exception {
        RawHttp.Response allowed = same("OPTIONS /films HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example.com\r\n"
                + "Access-Control-Request-Method: PUT\r\nAccess-Control-Request-Headers: content-type, x-trace\r\n\r\n");
        RawHttp.Response invalid = same("OPTIONS /films HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example.com\r\n\r\n");
        RawHttp.Response elsewhere = same("OPTIONS /films HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.test\r\n"
                + "Access-Control-Request-Method: PUT\r\n\r\n");

        assertThat(allowed.status()).isEqualTo(204);
        assertThat(allowed.headers()).containsEntry("access-control-allow-origin", "https://app.example.com")
                .containsEntry("access-control-allow-headers", "content-type, x-trace")
                .containsEntry("access-control-max-age", "600");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.body()).isEqualTo("Invalid Preflight Request");
        assertThat(elsewhere.status()).isEqualTo(200);
        assertThat(elsewhere.headers()).doesNotContainKey("access-control-allow-origin");
    }

    @Test
    void responsesCarryTheSameCorsHeadersForTheOriginsAllowed() throws Exception {
        RawHttp.Response allowed = same("GET /films?page=2 HTTP/1.1\r\nHost: x\r\nOrigin: http://127.0.0.1:8080\r\n\r\n");
        same("GET /films HTTP/1.1\r\nHost: x\r\n\r\n");
        same("GET /films HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.test\r\n\r\n");
        same("POST /films HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example.com\r\nContent-Type: application/json\r\n"
                + "Content-Length: 17\r\n\r\n{\"title\":\"Alien\"}");

        assertThat(allowed.headers()).containsEntry("access-control-allow-origin", "http://127.0.0.1:8080")
                .containsEntry("access-control-allow-credentials", "true")
                .containsEntry("access-control-expose-headers", "x-total").containsEntry("vary", "Origin");
    }

    @Test
    void aBodyOverTheLimitIsTheSame413WhetherDeclaredOrStreamed() throws Exception {
        String big = "{\"title\":\"" + "x".repeat(80) + "\"}";
        RawHttp.Response declared = same("POST /films HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example.com\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + big.length() + "\r\n\r\n" + big);
        RawHttp.Response streamed = same("PUT /films HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n28\r\n" + big.substring(0, 40) + "\r\n28\r\n"
                + big.substring(40, 80) + "\r\n" + Integer.toHexString(big.length() - 80) + "\r\n" + big.substring(80)
                + "\r\n0\r\n\r\n");

        assertThat(declared.status()).isEqualTo(413);
        assertThat(JSON.readTree(declared.body()).get("code").asText()).isEqualTo("FST_ERR_CTP_BODY_TOO_LARGE");
        assertThat(declared.headers()).containsEntry("connection", "close")
                .containsEntry("access-control-allow-origin", "https://app.example.com");
        assertThat(streamed.status()).isEqualTo(413);
    }

    @Test
    void theHealthRouteAnswersAlike() throws Exception {
        RawHttp.Response health = same("GET /status HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example.com\r\n\r\n");

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("{\"status\":\"ok\"}");
    }

    @Test
    void aBodyThatStopsHalfWayIsTheSame408AfterRequestTimeout() throws Exception {
        String request = "PUT /films HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n"
                + "\r\n{\"title\":";

        RawHttp.Response fromGateway = exchange(gateway, request);

        assertThat(seen(fromGateway)).isEqualTo(seen(exchange(service, request))).startsWith("408 ");
        assertThat(fromGateway.headers()).containsEntry("connection", "close");
    }

    @Test
    void theGatewayEndsAConnectionAtMaxRequestsPerSocket() throws Exception {
        try (RawHttp client = new RawHttp(gateway.url())) {
            for (int i = 1; i <= 3; i++) {
                client.send("GET /films/" + i + " HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttp.Response response = client.read();
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.headers().get("connection")).isEqualTo(i == 3 ? "close" : null);
            }
            assertThat(client.closedByServer()).isTrue();
        }
    }

    @Test
    void aBrowsersCrossOriginFetchThroughTheGatewayWorksFromAnAllowedOriginAndIsBlockedFromAnother()
            throws Exception {
        HttpServer pages = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String page = "<!doctype html><html><body><pre id=\"out\">pending</pre><script>"
                + "fetch('" + gateway.url() + "/films?from=browser', {method: 'PUT', credentials: 'include',"
                + " headers: {'content-type': 'application/json', 'x-trace': 'browser'}, body: '{\"title\":\"Alien\"}'})"
                + ".then(r => r.json().then(j => { out.textContent = 'answered ' + r.status + ' ' + j.method + ' '"
                + " + j.uri; }))"
                + ".catch(e => { out.textContent = 'blocked ' + e.name; });"
                + "</script></body></html>";
        pages.createContext("/", exchange -> {
            byte[] bytes = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("content-type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        pages.start();
        try {
            int port = pages.getAddress().getPort();
            String allowed = Chromium.renderedDom("http://127.0.0.1:" + port + "/");
            String other = Chromium.renderedDom("http://localhost:" + port + "/");

            assertThat(allowed).contains("answered 200 PUT /films?from=browser");
            assertThat(other).contains("blocked TypeError");
        } finally {
            pages.stop(0);
        }
    }
}
