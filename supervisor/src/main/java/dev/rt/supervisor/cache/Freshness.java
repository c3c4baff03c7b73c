package dev.rt.supervisor.cache;

import io.netty.handler.codec.DateFormatter;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Date;
import java.util.OptionalLong;
import java.util.Set;

/**
 * RFC 9111 as a shared cache applies it: what may be stored, for how long it is fresh, and when a stored response
 * may answer a request. rt never revalidates: a response that must be revalidated before each use
 * ({@code no-cache}) is not stored, and a stale one is not served.
 */
final class Freshness {
    /** Statuses stored with a lifetime from {@code cacheByDefault} (heuristically cacheable, ranges aside). */
    private static final Set<Integer> BY_DEFAULT = Set.of(200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501);
    /** Statuses stored only with an explicit lifetime. */
    private static final Set<Integer> EXPLICIT_ONLY = Set.of(302, 303, 307);

    private Freshness() {
    }

    /** Whether the request lets the cache store its response ({@code no-store} does not). */
    static boolean requestAllowsStoring(CacheControl request) {
        return !request.has("no-store");
    }

    /**
     * Whether the request may be answered from the cache: not with {@code no-cache}, {@code no-store},
     * {@code Pragma: no-cache} (without {@code Cache-Control}) or {@code max-age=0}.
     */
    static boolean requestAcceptsStored(HttpRequest request, CacheControl control) {
        if (control.has("no-cache") || control.has("no-store")) {
            return false;
        }
        if (control.directives().isEmpty() && request.headers().containsValue("pragma", "no-cache", true)) {
            return false;
        }
        OptionalLong maxAge = control.seconds("max-age");
        return maxAge.isEmpty() || maxAge.getAsLong() > 0;
    }

    /** Whether {@code stored} is fresh enough for a request with {@code control} at {@code now}. */
    static boolean answers(StoredResponse stored, CacheControl control, long now) {
        if (!stored.freshAt(now)) {
            return false;
        }
        OptionalLong maxAge = control.seconds("max-age");
        return maxAge.isEmpty() || stored.ageAt(now) <= maxAge.getAsLong();
    }

    /**
     * How long {@code response} stays fresh, in seconds, counted from its {@code Date}; empty when a shared cache
     * must not store it.
     *
     * @param authorized     whether the request carried {@code Authorization}
     * @param cacheByDefault the lifetime of a response without an explicit one; empty: such responses are not stored
     */
    static OptionalLong lifetime(HttpResponse response, boolean authorized, OptionalLong cacheByDefault, long now) {
        HttpHeaders headers = response.headers();
        CacheControl control = CacheControl.of(headers);
        int status = response.status().code();
        if (control.has("no-store") || control.has("private") || control.has("no-cache")
                || headers.containsValue("vary", "*", true) || headers.contains("set-cookie")) {
            return OptionalLong.empty();
        }
        if (authorized && !control.has("public") && !control.has("s-maxage") && !control.has("must-revalidate")) {
            return OptionalLong.empty();
        }
        OptionalLong explicit = control.seconds("s-maxage");
        if (explicit.isEmpty()) {
            explicit = control.seconds("max-age");
        }
        if (explicit.isEmpty() && headers.contains("expires")) {
            Date expires = DateFormatter.parseHttpDate(headers.get("expires"));
            Date date = headers.contains("date") ? DateFormatter.parseHttpDate(headers.get("date")) : null;
            long from = date == null ? now : date.getTime();
            explicit = OptionalLong.of(expires == null ? 0 : Math.max(0, (expires.getTime() - from) / 1000));
        }
        if (explicit.isPresent()) {
            boolean storable = BY_DEFAULT.contains(status) || EXPLICIT_ONLY.contains(status);
            return storable && explicit.getAsLong() > 0 ? explicit : OptionalLong.empty();
        }
        return BY_DEFAULT.contains(status) ? cacheByDefault : OptionalLong.empty();
    }

    /** The age of {@code response} as it arrives at {@code now}, in seconds: its {@code Age}, or more by its {@code Date}. */
    static long initialAge(HttpResponse response, long now) {
        HttpHeaders headers = response.headers();
        long age = 0;
        String given = headers.get("age");
        if (given != null && !given.isBlank() && given.strip().chars().allMatch(Character::isDigit)) {
            try {
                age = Long.parseLong(given.strip());
            } catch (NumberFormatException e) {
                age = Long.MAX_VALUE / 1000;
            }
        }
        Date date = headers.contains("date") ? DateFormatter.parseHttpDate(headers.get("date")) : null;
        if (date != null) {
            age = Math.max(age, (now - date.getTime()) / 1000);
        }
        return Math.max(0, age);
    }
}
