package dev.rt.auth.settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Objects;

/**
 * {@code authorization.webhook}: the URL asked who a request's caller is (its headers are sent; a 2xx JSON object
 * answer is the user), and how long rt waits for the answer before answering 401.
 *
 * @param url     an {@code http} or {@code https} URL; {@code http://<service>.rt.local/...} goes through the mesh
 * @param timeout how long one call may take, connection included
 */
public record WebhookSettings(URI url, Duration timeout) {
    static final long DEFAULT_TIMEOUT_MILLIS = 5_000;

    public WebhookSettings {
        Objects.requireNonNull(url);
        Objects.requireNonNull(timeout);
    }

    static WebhookSettings from(Section section) {
        String text = section.string("url")
                .orElseThrow(() -> new SettingsException(section.at("url"), "is required"));
        URI url;
        try {
            url = new URI(text);
        } catch (URISyntaxException e) {
            throw new SettingsException(section.at("url"), "is not a URL: " + e.getMessage());
        }
        if (url.getHost() == null || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
            throw new SettingsException(section.at("url"), "must be an http or https URL with a host, found " + text);
        }
        long timeout = section.millis("timeout", DEFAULT_TIMEOUT_MILLIS);
        if (timeout == 0) {
            throw new SettingsException(section.at("timeout"), "must be at least 1 millisecond");
        }
        return new WebhookSettings(url, Duration.ofMillis(timeout));
    }
}
