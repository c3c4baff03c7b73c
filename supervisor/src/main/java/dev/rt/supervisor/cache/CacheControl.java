package dev.rt.supervisor.cache;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/** The directives of the {@code Cache-Control} headers of a request or a response (names in lower case). */
record CacheControl(Map<String, String> directives) {

    static CacheControl of(HttpHeaders headers) {
        Map<String, String> directives = new HashMap<>();
        for (String header : headers.getAll("cache-control")) {
            for (String part : header.split(",")) {
                String directive = part.strip();
                if (directive.isEmpty()) {
                    continue;
                }
                int equals = directive.indexOf('=');
                String name = (equals < 0 ? directive : directive.substring(0, equals)).strip().toLowerCase(Locale.ROOT);
                String value = equals < 0 ? "" : unquote(directive.substring(equals + 1).strip());
                directives.putIfAbsent(name, value);
            }
        }
        return new CacheControl(Map.copyOf(directives));
    }

    boolean has(String name) {
        return directives.containsKey(name);
    }

    /** A directive's delta-seconds; empty when absent or not a number (which RFC 9111 treats as absent). */
    OptionalLong seconds(String name) {
        String value = directives.get(name);
        if (value == null || value.isEmpty() || !value.chars().allMatch(Character::isDigit)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return OptionalLong.of(Long.MAX_VALUE / 1000); // beyond a long: as good as forever
        }
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }
}
