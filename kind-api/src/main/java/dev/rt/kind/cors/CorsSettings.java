package dev.rt.kind.cors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * {@code preflight} (true), {@code strictPreflight} (true), {@code preflightContinue} (false),
 * {@code cacheControl} (a number of seconds or a header value, on preflight answers).
 */
public record CorsSettings(Origin origin, String methods, Optional<String> allowedHeaders,
        Optional<String> exposedHeaders, boolean credentials, Optional<Long> maxAge, int optionsSuccessStatus,
        boolean preflight, boolean strictPreflight, boolean preflightContinue, Optional<String> cacheControl) {

    /** Which origins are allowed, and what {@code Access-Control-Allow-Origin} says to them. */
    public record Origin(boolean off, boolean reflect, Optional<String> fixed, List<Object> matchers) {
        public Origin {
            matchers = List.copyOf(matchers);
        }

        /** The header value for a request from {@code requestOrigin}, empty when it gets none. */
        public Optional<String> allow(Optional<String> requestOrigin) {
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
        public boolean varies() {
            return !off && fixed.isEmpty();
        }
    }

    /**
     * The settings of the {@code cors} object at {@code pointer} ({@code /server/cors}).
     *
     * @throws InvalidPattern naming {@code <pointer>/origin[/i]/regexp} when a regular expression does not compile
     */
    public static CorsSettings read(Map<String, Object> cors, String pointer) {
        return new CorsSettings(origin(cors.get("origin"), pointer + "/origin"),
                list(cors.get("methods")).orElse("GET,HEAD,PUT,PATCH,POST,DELETE"),
                list(cors.get("allowedHeaders")), list(cors.get("exposedHeaders")),
                flag(cors, "credentials", false),
                cors.get("maxAge") instanceof Number n ? Optional.of(n.longValue()) : Optional.empty(),
                cors.get("optionsSuccessStatus") instanceof Number n ? n.intValue() : 204,
                flag(cors, "preflight", true), flag(cors, "strictPreflight", true),
                flag(cors, "preflightContinue", false),
                cors.get("cacheControl") instanceof Number n ? Optional.of("max-age=" + n.longValue())
                        : cors.get("cacheControl") instanceof String text ? Optional.of(text) : Optional.empty());
    }

    private static Origin origin(Object value, String pointer) {
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
        List<?> items = value instanceof List<?> list ? list : List.of(value);
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            matchers.add(item instanceof Map<?, ?> map && map.get("regexp") instanceof String regexp
                    ? compile(regexp, pointer + (value instanceof List<?> ? "/" + i : "") + "/regexp")
                    : String.valueOf(item));
        }
        return new Origin(false, false, Optional.empty(), matchers);
    }

    private static Pattern compile(String regexp, String pointer) {
        try {
            return Pattern.compile(regexp);
        } catch (PatternSyntaxException e) {
            throw new InvalidPattern(pointer, "\"" + regexp + "\" is not a regular expression (" + e.getDescription()
                    + "); fix it");
        }
    }

    /** A regular expression of {@code origin} that does not compile, at a JSON pointer of the settings' file. */
    public static final class InvalidPattern extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        private final String pointer;

        InvalidPattern(String pointer, String message) {
            super(message);
            this.pointer = pointer;
        }

        /** Where the expression is: {@code /server/cors/origin/0/regexp}. */
        public String pointer() {
            return pointer;
        }
    }

    /** A boolean, or the text {@code true} or {@code 1} (a placeholder's value) for true. */
    private static boolean flag(Map<String, Object> cors, String key, boolean otherwise) {
        Object value = cors.get(key);
        if (value instanceof String text) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            return t.equals("true") || t.equals("1");
        }
        return value instanceof Boolean bool ? bool : otherwise;
    }

    private static Optional<String> list(Object value) {
        if (value instanceof List<?> items) {
            return Optional.of(String.join(",", items.stream().map(String::valueOf).toList()));
        }
        return value instanceof String text ? Optional.of(text) : Optional.empty();
    }
}
