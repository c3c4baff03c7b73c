package dev.rt.kind.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code server.cors}, with the reference CORS plugin's meaning and defaults: {@code origin} ({@code "*"} by
 * default; {@code true} reflects the request's origin, {@code false} turns CORS off, a string is sent as it is, a
 * {@code {"regexp": "..."}} or an array of strings and regexps reflects the origins that match), {@code methods}
 * (GET,HEAD,PUT,PATCH,POST,DELETE), {@code allowedHeaders} (default: those the preflight asks for),
 * {@code exposedHeaders}, {@code credentials}, {@code maxAge}, {@code optionsSuccessStatus} (204),
 * {@code preflight} (true), {@code strictPreflight} (true), {@code preflightContinue} (false).
 */
public record CorsSettings(Origin origin, String methods, Optional<String> allowedHeaders,
        Optional<String> exposedHeaders, boolean credentials, Optional<Long> maxAge, int optionsSuccessStatus,
        boolean preflight, boolean strictPreflight, boolean preflightContinue, Optional<String> cacheControl) {

    /** Which origins are allowed, and what {@code Access-Control-Allow-Origin} says to them. */
    public record Origin(boolean off, boolean reflect, Optional<String> fixed, List<Object> matchers) {
        /** The header value for a request from {@code requestOrigin}, empty when it gets none. */
        Optional<String> allow(Optional<String> requestOrigin) {
            if (off) {
                return Optional.empty();
            }
            if (fixed.isPresent()) {
                return fixed;
            }
            if (requestOrigin.isEmpty()) {
                return Optional.empty();
            }
            if (reflect) {
                return requestOrigin;
            }
            String origin = requestOrigin.get();
            for (Object matcher : matchers) {
                if (matcher instanceof Pattern pattern ? pattern.matcher(origin).find() : matcher.equals(origin)) {
                    return requestOrigin;
                }
            }
            return Optional.empty();
        }

        /** Whether the answer depends on the request's origin (then responses vary by it). */
        boolean varies() {
            return !off && fixed.isEmpty();
        }
    }

    static CorsSettings from(Map<String, Object> cors) {
        return new CorsSettings(origin(cors.get("origin")),
                list(cors.get("methods")).orElse("GET,HEAD,PUT,PATCH,POST,DELETE"),
                list(cors.get("allowedHeaders")), list(cors.get("exposedHeaders")),
                ConfigValues.flag(cors, "credentials", false),
                cors.get("maxAge") instanceof Number n ? Optional.of(n.longValue()) : Optional.empty(),
                (int) ConfigValues.number(cors, "optionsSuccessStatus", 204),
                ConfigValues.flag(cors, "preflight", true), ConfigValues.flag(cors, "strictPreflight", true),
                ConfigValues.flag(cors, "preflightContinue", false),
                cors.get("cacheControl") instanceof Number n ? Optional.of("max-age=" + n.longValue())
                        : ConfigValues.string(cors, "cacheControl"));
    }

    private static Origin origin(Object value) {
        if (value == null || "*".equals(value)) {
            return new Origin(false, false, Optional.of("*"), List.of());
        }
        if (value instanceof Boolean bool) {
            return new Origin(!bool, bool, Optional.empty(), List.of());
        }
        if (value instanceof String text) {
            return new Origin(false, false, Optional.of(text), List.of());
        }
        List<Object> matchers = new ArrayList<>();
        for (Object item : value instanceof List<?> items ? items : List.of(value)) {
            matchers.add(item instanceof Map<?, ?> map && map.get("regexp") instanceof String regexp
                    ? compile(regexp) : String.valueOf(item));
        }
        return new Origin(false, false, Optional.empty(), List.copyOf(matchers));
    }

    /** A pattern written as JavaScript would take it; the kind's configuration check has compiled it already. */
    static Pattern compile(String regexp) {
        try {
            return Pattern.compile(regexp);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("\"" + regexp + "\" is not a regular expression: " + e.getDescription());
        }
    }

    private static Optional<String> list(Object value) {
        if (value instanceof List<?> items) {
            return Optional.of(String.join(",", items.stream().map(String::valueOf).toList()));
        }
        return value instanceof String text ? Optional.of(text) : Optional.empty();
    }
}
