package dev.rt.cli.admin;

import com.sun.net.httpserver.HttpExchange;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

/**
 * The dashboard's secret: 32 random bytes, printed once in the URL. The page's first request carries it in the query
 * and gets it back as an HttpOnly, SameSite=Strict cookie; every later request must carry that cookie, and every
 * action (a POST) must also name the token in the {@value #HEADER} header, which a page of another site cannot set
 * without a CORS preflight this server never answers. Compared in constant time. The cookie is named after the port
 * ({@code rt-admin-token-4000}): a browser keeps cookies per host, not per port, so two dashboards open in one browser
 * would otherwise overwrite each other's.
 */
final class AdminToken {
    private static final String COOKIE_PREFIX = "rt-admin-token-";
    static final String HEADER = "X-RT-Admin-Token";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String value;
    private final String cookieName;

    /** {@code port}: the one the dashboard listens on, which names the cookie. */
    AdminToken(String value, int port) {
        this.value = value;
        this.cookieName = COOKIE_PREFIX + port;
    }

    static AdminToken random(int port) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return new AdminToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), port);
    }

    String value() {
        return value;
    }

    /** The {@code Set-Cookie} value that hands the token to the browser. */
    String cookie() {
        return cookieName + "=" + value + "; Path=/; HttpOnly; SameSite=Strict";
    }

    boolean inQuery(HttpExchange exchange) {
        String query = exchange.getRequestURI().getRawQuery();
        if (query == null) {
            return false;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("token=") && matches(pair.substring("token=".length()))) {
                return true;
            }
        }
        return false;
    }

    boolean inCookie(HttpExchange exchange) {
        List<String> cookies = exchange.getRequestHeaders().get("Cookie");
        if (cookies == null) {
            return false;
        }
        for (String header : cookies) {
            for (String cookie : header.split(";")) {
                String trimmed = cookie.trim();
                if (trimmed.startsWith(cookieName + "=") && matches(trimmed.substring(cookieName.length() + 1))) {
                    return true;
                }
            }
        }
        return false;
    }

    boolean inHeader(HttpExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst(HEADER);
        return header != null && matches(header);
    }

    private boolean matches(String candidate) {
        return MessageDigest.isEqual(value.getBytes(StandardCharsets.UTF_8), candidate.getBytes(StandardCharsets.UTF_8));
    }
}
