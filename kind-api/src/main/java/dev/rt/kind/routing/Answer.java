package dev.rt.kind.routing;

import java.util.Map;
import java.util.Objects;

/**
 * A response the public server gives itself (a document, a page of a UI): status, headers and the whole body. The
 * server adds {@code Content-Length}.
 */
public record Answer(int status, Map<String, String> headers, byte[] body) {
    public Answer {
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException("an answer's status is 200 to 599, found " + status);
        }
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }

    /** A 200 with this content type. */
    public static Answer ok(String contentType, byte[] body) {
        return new Answer(200, Map.of("content-type", contentType), body);
    }
}
