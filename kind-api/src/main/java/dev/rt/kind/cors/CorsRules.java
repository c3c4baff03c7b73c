package dev.rt.kind.cors;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The reference CORS plugin's decisions for {@link CorsSettings}: a request from an allowed origin gets
 * {@code Access-Control-Allow-Origin} (and {@code -Allow-Credentials}, {@code -Expose-Headers}, {@code Vary: Origin}
 * when the answer depends on the origin); a preflight ({@code OPTIONS}, with {@code preflight} on) is answered with
 * the allowed methods, headers and max age and {@code optionsSuccessStatus}, or goes on with them under
 * {@code preflightContinue}. A strict preflight missing its {@code Origin} or {@code Access-Control-Request-Method}
 * is a 400 {@code Invalid Preflight Request}. A request from an origin that is not allowed gets nothing.
 */
public final class CorsRules {
    private final CorsSettings cors;

    public CorsRules(CorsSettings cors) {
        this.cors = cors;
    }

    /**
     * @param method         the request's method, upper case
     * @param origin         its {@code Origin} header
     * @param requestMethod  its {@code Access-Control-Request-Method} header
     * @param requestHeaders its {@code Access-Control-Request-Headers} header
     * @return empty when CORS adds nothing (an origin that is not allowed)
     */
    public Optional<CorsAnswer> answer(String method, Optional<String> origin, Optional<String> requestMethod,
            Optional<String> requestHeaders) {
        Optional<String> allowed = cors.origin().allow(origin);
        if (allowed.isEmpty()) {
            return Optional.empty();
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>(4);
        List<String> vary = new ArrayList<>(2);
        headers.add(Map.entry("access-control-allow-origin", allowed.get()));
        if (cors.credentials()) {
            headers.add(Map.entry("access-control-allow-credentials", "true"));
        }
        cors.exposedHeaders().ifPresent(exposed -> headers.add(Map.entry("access-control-expose-headers", exposed)));
        if (cors.origin().varies() || !allowed.get().equals("*")) {
            vary.add("Origin");
        }
        if (!method.equals("OPTIONS") || !cors.preflight()) {
            return Optional.of(new CorsAnswer(headers, vary, OptionalInt.empty(), Optional.empty()));
        }
        if (cors.strictPreflight() && (origin.isEmpty() || requestMethod.isEmpty())) {
            return Optional.of(new CorsAnswer(headers, vary, OptionalInt.of(400),
                    Optional.of("Invalid Preflight Request")));
        }
        headers.add(Map.entry("access-control-allow-methods", cors.methods()));
        if (cors.allowedHeaders().isEmpty()) {
            vary.add("Access-Control-Request-Headers");
        }
        cors.allowedHeaders().or(() -> requestHeaders)
                .ifPresent(value -> headers.add(Map.entry("access-control-allow-headers", value)));
        cors.maxAge().ifPresent(age -> headers.add(Map.entry("access-control-max-age", Long.toString(age))));
        cors.cacheControl().ifPresent(value -> headers.add(Map.entry("cache-control", value)));
        OptionalInt status = cors.preflightContinue() ? OptionalInt.empty() : OptionalInt.of(cors.optionsSuccessStatus());
        return Optional.of(new CorsAnswer(headers, vary, status, Optional.empty()));
    }

    /**
     * {@code existing} (a response's {@code Vary}, or empty) with {@code name} added unless it is there already,
     * as the reference adds to it.
     */
    public static String vary(Optional<String> existing, String name) {
        if (existing.isEmpty() || existing.get().isBlank()) {
            return name;
        }
        String value = existing.get();
        for (String part : value.split(",")) {
            String token = part.strip();
            if (token.equals("*") || token.equalsIgnoreCase(name)) {
                return value;
            }
        }
        return value + ", " + name;
    }
}
