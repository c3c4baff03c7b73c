package dev.rt.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who may ask {@code rt admin}: the token exchanged for a cookie on the first request, the cookie on every other, the
 * header and the page's own origin on an action, and the {@code Host} on loopback. Requests are written on a raw socket
 * so that the {@code Host} and {@code Origin} headers are the test's, as a rebound DNS name or another site sends them.
 * Nothing here reaches a runtime: every refusal comes before, and what passes is answered without one (the page
 * itself, or an action that does not exist).
 */
class AdminHandlerTest {
    private static final String TOKEN = "the-token-0123456789";

    private final List<HttpServer> servers = new ArrayList<>();
    private LiveFeed feed;
    private int port;
    private String host;
    private String cookie;

    @BeforeEach
    void start() throws IOException {
        feed = new LiveFeed(null);
        port = serve(TOKEN);
        host = "127.0.0.1:" + port;
        cookie = "rt-admin-token-" + port + "=" + TOKEN;
    }

    /** A dashboard's handler on a port of its own, with {@code value} as its token; returns the port. */
    private int serve(String value) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        servers.add(server);
        int bound = server.getAddress().getPort();
        AdminToken token = new AdminToken(value, bound);
        server.createContext("/", new AdminHandler(token, Set.of("127.0.0.1:" + bound, "localhost:" + bound),
                new ApiRoutes(null, null, null, token), new ActionRoutes(null, null, feed)));
        server.start();
        return bound;
    }

    @AfterEach
    void stop() {
        servers.forEach(server -> server.stop(0));
        feed.close();
    }

    @Test
    void theTokenInTheUrlIsExchangedForAStrictHttpOnlyCookieAndLeavesTheAddressBar() throws IOException {
        String answer = send("GET /?token=" + TOKEN + " HTTP/1.1", "Host: " + host);
        assertThat(status(answer)).isEqualTo(303);
        assertThat(answer).containsIgnoringCase("Location: /\r\n")
                .containsIgnoringCase("Set-Cookie: " + cookie + "; Path=/; HttpOnly; SameSite=Strict");

        String page = send("GET / HTTP/1.1", "Host: " + host, "Cookie: other=1; " + cookie);
        assertThat(status(page)).isEqualTo(200);
        assertThat(page).contains("<meta name=\"rt-admin-token\" content=\"" + TOKEN + "\">")
                .containsIgnoringCase("X-Frame-Options: DENY").containsIgnoringCase("Content-Security-Policy: default-src 'self'");
    }

    @Test
    void everyRequestWithoutTheCookieIsRefusedWithoutAHintOfTheToken() throws IOException {
        for (String request : new String[] {"GET / HTTP/1.1", "GET /?token=not-the-token HTTP/1.1",
            "GET /api/state?token=" + TOKEN + " HTTP/1.1", "GET /assets/admin.js HTTP/1.1", "GET /export HTTP/1.1"}) {
            String answer = send(request, "Host: " + host);
            assertThat(status(answer)).as(request).isEqualTo(401);
            assertThat(answer).as(request).doesNotContain(TOKEN).doesNotContainIgnoringCase("Set-Cookie");
        }
        assertThat(status(send("GET / HTTP/1.1", "Host: " + host, "Cookie: " + cookie + "x"))).isEqualTo(401);
        assertThat(status(send("GET / HTTP/1.1", "Host: " + host, "Cookie: " + cookie.substring(0, cookie.length() - 1))))
                .isEqualTo(401);
        assertThat(status(send("GET / HTTP/1.1", "Host: " + host, "Cookie: rt-admin-token-1=" + TOKEN)))
                .as("the token under another port's name").isEqualTo(401);
    }

    @Test
    void onLoopbackAnotherHostNameIsRefusedEvenWithTheCookie() throws IOException {
        String cookie = "Cookie: " + this.cookie;
        assertThat(status(send("GET / HTTP/1.1", "Host: rebound.example:" + port, cookie))).isEqualTo(403);
        assertThat(status(send("GET /?token=" + TOKEN + " HTTP/1.1", "Host: rebound.example:" + port))).isEqualTo(403);
        assertThat(status(send("GET / HTTP/1.1", "Host: 127.0.0.1:1", cookie))).isEqualTo(403);
        assertThat(status(send("GET / HTTP/1.1", "Host: localhost:" + port, cookie))).isEqualTo(200);
    }

    @Test
    void anActionNeedsTheTokenInItsHeaderAndThePagesOwnOrigin() throws IOException {
        String cookie = "Cookie: " + this.cookie;
        assertThat(status(post("Host: " + host))).as("no cookie").isEqualTo(401);
        assertThat(status(post("Host: " + host, cookie))).as("no header").isEqualTo(403);
        assertThat(status(post("Host: " + host, cookie, "X-RT-Admin-Token: not-the-token"))).as("a wrong header")
                .isEqualTo(403);
        assertThat(status(post("Host: " + host, cookie, "X-RT-Admin-Token: " + TOKEN, "Origin: http://evil.example")))
                .as("another site").isEqualTo(403);
        assertThat(status(post("Host: " + host, "X-RT-Admin-Token: " + TOKEN, "Origin: http://" + host)))
                .as("the header without the cookie").isEqualTo(401);

        String passed = post("Host: " + host, cookie, "X-RT-Admin-Token: " + TOKEN, "Origin: http://" + host);
        assertThat(status(passed)).as("let through to the actions, which have none there").isEqualTo(404);
        assertThat(passed).contains("no action at /api/nothing");
        assertThat(status(post("Host: " + host, cookie, "X-RT-Admin-Token: " + TOKEN))).as("no Origin (not a browser)")
                .isEqualTo(404);
        assertThat(status(send("PUT / HTTP/1.1", "Host: " + host, cookie, "Content-Length: 0"))).isEqualTo(405);
    }

    /**
     * Two dashboards in one browser: a cookie jar keeps cookies per host, not per port (java.net's CookieManager, as
     * browsers do), so each dashboard's cookie must have a name of its own, or opening the second logs the first out.
     */
    @Test
    void twoDashboardsOnTwoPortsKeepTheirCookiesSideBySide() throws Exception {
        int second = serve("the-other-token-9876543210");
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        URI first = URI.create("http://127.0.0.1:" + port + "/");
        URI other = URI.create("http://127.0.0.1:" + second + "/");
        assertThat(get(browser, URI.create(first + "?token=" + TOKEN))).isEqualTo(200);
        assertThat(get(browser, URI.create(other + "?token=the-other-token-9876543210"))).isEqualTo(200);
        assertThat(get(browser, first)).as("the first dashboard, after the second was opened").isEqualTo(200);
        assertThat(get(browser, other)).as("the second dashboard").isEqualTo(200);
    }

    private static int get(HttpClient browser, URI uri) throws Exception {
        return browser.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private String post(String... headers) throws IOException {
        String[] all = new String[headers.length + 1];
        System.arraycopy(headers, 0, all, 0, headers.length);
        all[headers.length] = "Content-Length: 0";
        return send("POST /api/nothing HTTP/1.1", all);
    }

    /** Writes one request (its line and headers, no body) and reads the whole answer. */
    private String send(String line, String... headers) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            StringBuilder request = new StringBuilder(line).append("\r\n");
            for (String header : headers) {
                request.append(header).append("\r\n");
            }
            request.append("Connection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static int status(String answer) {
        assertThat(answer).startsWith("HTTP/1.1 ");
        return Integer.parseInt(answer.substring(9, 12));
    }
}
