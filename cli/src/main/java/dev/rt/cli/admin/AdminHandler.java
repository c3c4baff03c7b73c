package dev.rt.cli.admin;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Every request to the dashboard: checks who asks, then hands it on. The first request brings the token in the query
 * and is answered with the cookie and a redirect to the bare URL (the token leaves the address bar and the history);
 * every other request needs the cookie; every action (POST) also the token in {@link AdminToken#HEADER} and, when the
 * browser names one, an {@code Origin} equal to the page's own. Served on loopback, the {@code Host} header must name
 * it too (a rebound DNS name gets nothing). Anything refused is answered 401, 403 or 404, without a hint of the token.
 */
final class AdminHandler implements HttpHandler {
    private final AdminToken token;
    private final Set<String> hosts;
    private final ApiRoutes api;
    private final ActionRoutes actions;

    /** {@code hosts}: the {@code Host} values accepted, empty for any (the dashboard serves other machines). */
    AdminHandler(AdminToken token, Set<String> hosts, ApiRoutes api, ActionRoutes actions) {
        this.token = token;
        this.hosts = hosts;
        this.api = api;
        this.actions = actions;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String host = exchange.getRequestHeaders().getFirst("Host");
            if (!hosts.isEmpty() && (host == null || !hosts.contains(host))) {
                Reply.error(exchange, 403, "rt admin answers only at the address it printed");
                return;
            }
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getRawPath();
            if (method.equals("GET") && path.equals("/") && token.inQuery(exchange)) {
                exchange.getResponseHeaders().add("Set-Cookie", token.cookie());
                exchange.getResponseHeaders().set("Location", "/");
                Reply.send(exchange, 303, "text/plain; charset=utf-8", new byte[0]);
                return;
            }
            if (!token.inCookie(exchange)) {
                Reply.send(exchange, 401, "text/plain; charset=utf-8", ("rt admin: this page needs its token: open the "
                        + "URL that rt admin printed (with ?token=...)\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (method.equals("POST")) {
                String origin = exchange.getRequestHeaders().getFirst("Origin");
                if (!token.inHeader(exchange) || origin != null && !origin.equals("http://" + host)) {
                        Reply.error(exchange, 403, "an action needs the page's token in the " + AdminToken.HEADER
                            + " header, from the page's own origin");
                    return;
                }
                actions.handle(exchange, path);
                return;
            }
            if (method.equals("GET")) {
                api.handle(exchange, path);
                return;
            }
            Reply.error(exchange, 405, method + " is not answered here");
        }
    }
}
