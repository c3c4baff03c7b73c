package dev.rt.supervisor.limit;

import io.netty.handler.codec.http.HttpHeaders;

/**
 * What the limiter made of one request: let through or refused, and the {@code RateLimit-*} headers of its answer
 * (none for an address of the allow list, or when the store could not count it).
 *
 * @param limit        {@code max}
 * @param remaining    requests left in the window
 * @param resetSeconds seconds until the window ends, rounded up
 */
record Decision(boolean refused, long limit, long remaining, long resetSeconds) {
    /** Let through without counting. */
    static final Decision UNCOUNTED = new Decision(false, -1, -1, -1);

    static Decision of(Hit hit, long max) {
        return new Decision(hit.count() > max, max, Math.max(0, max - hit.count()),
                Math.max(1, (hit.resetMillis() + 999) / 1000));
    }

    /** Adds {@code RateLimit-Limit}, {@code -Remaining} and {@code -Reset}, and to a refusal {@code Retry-After}. */
    void addHeaders(HttpHeaders headers) {
        if (limit < 0) {
            return;
        }
        headers.set("RateLimit-Limit", limit).set("RateLimit-Remaining", remaining)
                .set("RateLimit-Reset", resetSeconds);
        if (refused) {
            headers.set("Retry-After", resetSeconds);
        }
    }
}
