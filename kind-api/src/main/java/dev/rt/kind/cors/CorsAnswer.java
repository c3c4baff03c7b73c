package dev.rt.kind.cors;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What CORS makes of one request from an allowed origin: headers to set on its response, names to add to its
 * {@code Vary} header (merged with what the response already varies by), and, for a preflight the server answers
 * itself, the status of that answer (with a plain-text body for a refused one, none otherwise).
 *
 * @param headers lower-case names and values, in the order the reference sends them
 * @param vary    header names the response varies by because of CORS
 * @param status  present when the server answers the request itself; empty: the request goes on
 * @param body    the text of a refused preflight ({@code Invalid Preflight Request}); empty for no body
 */
public record CorsAnswer(List<Map.Entry<String, String>> headers, List<String> vary, OptionalInt status,
        Optional<String> body) {
    /** The content type of {@link #body()}. */
    public static final String BODY_TYPE = "text/plain; charset=utf-8";

    public CorsAnswer {
        headers = List.copyOf(headers);
        vary = List.copyOf(vary);
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(body, "body");
    }

    /** Whether the server answers the request itself rather than passing it on. */
    public boolean answers() {
        return status.isPresent();
    }
}
