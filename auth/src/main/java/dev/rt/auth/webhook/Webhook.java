package dev.rt.auth.webhook;

import com.nimbusds.jose.util.JSONObjectUtils;
import dev.rt.auth.AuthenticationException;
import dev.rt.auth.RequestHeaders;
import dev.rt.auth.settings.WebhookSettings;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.text.ParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Asks the webhook who a request's caller is: a {@code POST} to its URL with the request's headers (but those that
 * describe the request's own connection and body) and no body; a 2xx answer whose body is a JSON object is the
 * user's fields. Any other answer, no answer within the timeout, or an answer longer than 64 KiB fails with
 * {@link AuthenticationException#WEBHOOK_REFUSED}. Calls naming {@code <service>.rt.local} go through the mesh: the
 * proxy selector given is the worker's (or the supervisor's) own.
 */
public final class Webhook {
    private static final int MAX_ANSWER = 64 * 1024;
    private static final Set<String> NOT_FORWARDED = Set.of("host", "connection", "content-length", "content-type",
            "expect", "upgrade", "keep-alive", "te", "trailer", "transfer-encoding", "http2-settings",
            "proxy-connection", "proxy-authorization");

    private final WebhookSettings settings;
    private final HttpClient client;

    public Webhook(WebhookSettings settings, ProxySelector proxies) {
        this.settings = settings;
        this.client = HttpClient.newBuilder().proxy(proxies).connectTimeout(settings.timeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** The user's fields as the webhook answers them for a request with these headers. */
    public CompletionStage<Map<String, Object>> ask(RequestHeaders headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(settings.url()).timeout(settings.timeout())
                .POST(HttpRequest.BodyPublishers.noBody()).header("accept", "application/json");
        headers.forEach((name, value) -> {
            if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                request.header(name, value);
            }
        });
        return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                .orTimeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .handle((response, failure) -> {
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
                        throw refused("it did not answer within " + settings.timeout().toMillis() + " ms or could not be"
                                + " reached (" + cause.getClass().getSimpleName() + ")", cause);
                    }
                    return user(response);
                });
    }

    private Map<String, Object> user(HttpResponse<String> response) {
        if (response.statusCode() < 200 || response.statusCode() > 299) {
            throw refused("it answered " + response.statusCode(), null);
        }
        if (response.body().length() > MAX_ANSWER) {
            throw refused("its answer is longer than " + MAX_ANSWER + " characters", null);
        }
        try {
            return JSONObjectUtils.parse(response.body());
        } catch (ParseException e) {
            throw refused("its answer is not a JSON object", e);
        }
    }

    private AuthenticationException refused(String reason, Throwable cause) {
        return new AuthenticationException(AuthenticationException.WEBHOOK_REFUSED, "the webhook did not"
                + " accept the request: " + reason, cause);
    }
}
