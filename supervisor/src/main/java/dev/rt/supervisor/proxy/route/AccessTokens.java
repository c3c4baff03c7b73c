package dev.rt.supervisor.proxy.route;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Access tokens from an identity provider by the OAuth2 client-credentials grant ({@code POST idpTokenUrl}
 * with {@code grant_type=client_credentials}, {@code client_id} and {@code client_secret} as a form), one
 * cache for every worker. A token is used until shortly before it expires ({@code expires_in}); once four
 * fifths of its life are gone the next one is fetched in the background while it is still handed out, so
 * that requests rarely wait. Concurrent callers share one fetch. The token URL may be a service of the
 * runtime ({@code http://idp.rt.local/token}): such URLs go through the mesh proxy.
 */
final class AccessTokens {
    /**
     * Marks the fetches of this process, so that the mesh never adds a token to the request for a token (the
     * identity provider may itself be one of the origins). The value is a secret of this process.
     */
    static final String FETCH_HEADER = "x-rt-token-fetch";
    static final String FETCH_MARK = java.util.UUID.randomUUID().toString();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long DEFAULT_LIFETIME_SECONDS = 300;

    private final URI tokenUrl;
    private final String form;
    private final HttpClient client;
    private final LongSupplier clock;
    private Token current;
    private CompletableFuture<Token> fetching;

    /** One token with the times (clock nanoseconds) it should be renewed at and stop being used at. */
    private record Token(CompletableFuture<String> authorization, long renewAt, long expiresAt) {
    }

    AccessTokens(URI tokenUrl, String clientId, String clientSecret, Supplier<InetSocketAddress> mesh) {
        this(tokenUrl, clientId, clientSecret, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .proxy(new MeshOnlySelector(mesh)).build(), System::nanoTime);
    }

    AccessTokens(URI tokenUrl, String clientId, String clientSecret, HttpClient client, LongSupplier clock) {
        this.tokenUrl = tokenUrl;
        this.form = "grant_type=client_credentials&client_id=" + URLEncoder.encode(clientId, StandardCharsets.UTF_8)
                + "&client_secret=" + URLEncoder.encode(clientSecret, StandardCharsets.UTF_8);
        this.client = client;
        this.clock = clock;
    }

    /** {@code Bearer <token>}: at once from the cache, or once a fetch completes; fails when the fetch fails. */
    synchronized CompletableFuture<String> authorization() {
        long now = clock.getAsLong();
        Token token = current;
        if (token != null && now - token.expiresAt < 0) {
            if (now - token.renewAt >= 0) {
                fetch(); // in the background; this token is still good
            }
            return token.authorization;
        }
        return fetch().thenApply(fresh -> fresh.authorization.join());
    }

    private synchronized CompletableFuture<Token> fetch() {
        if (fetching != null) {
            return fetching;
        }
        long started = clock.getAsLong();
        HttpRequest request = HttpRequest.newBuilder(tokenUrl).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .header(FETCH_HEADER, FETCH_MARK)
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        CompletableFuture<Token> fetch = client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> token(response, started));
        fetching = fetch;
        fetch.whenComplete((token, failure) -> done(fetch, token));
        return fetch;
    }

    private synchronized void done(CompletableFuture<Token> fetch, Token token) {
        if (fetching == fetch) {
            fetching = null;
        }
        if (token != null) {
            current = token;
        }
    }

    private Token token(HttpResponse<String> response, long started) {
        if (response.statusCode() / 100 != 2) {
            throw new CompletionException(new IOException("the identity provider " + tokenUrl + " answered "
                    + response.statusCode() + ": " + abbreviate(response.body())));
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            throw new CompletionException(new IOException("the identity provider " + tokenUrl
                    + " answered something that is not JSON: " + abbreviate(response.body())));
        }
        String value = body.path("access_token").asText("");
        if (value.isEmpty()) {
            throw new CompletionException(new IOException("the identity provider " + tokenUrl
                    + " answered without an access_token: " + abbreviate(response.body())));
        }
        String type = body.path("token_type").asText("Bearer");
        long lifetime = Math.max(1, body.path("expires_in").asLong(DEFAULT_LIFETIME_SECONDS)) * 1_000_000_000L;
        long margin = Math.min(lifetime / 10, 30_000_000_000L);
        String scheme = type.toLowerCase(Locale.ROOT).equals("bearer") ? "Bearer" : type;
        return new Token(CompletableFuture.completedFuture(scheme + " " + value), started + lifetime * 4 / 5,
                started + lifetime - margin);
    }

    private static String abbreviate(String text) {
        String flat = text.replaceAll("\\s+", " ").trim();
        return flat.length() <= 200 ? flat : flat.substring(0, 200) + "...";
    }
}
