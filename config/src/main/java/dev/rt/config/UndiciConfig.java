package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.read.ConfigNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * {@code undici}: options of the HTTP client dispatcher every worker uses for outgoing calls, and the
 * interceptors installed on it. Every option is empty when not given, leaving the client's own default. rt's mesh
 * is that client: it sends one request at a time on a connection to a worker, so {@code pipelining} above 1 is
 * refused, and it runs the identity-provider token interceptor only (an entry whose {@code options} hold
 * {@code idpTokenUrl}), so any other interceptor is refused: both when the configuration is loaded.
 *
 * @param connections maximum connections per origin
 * @param pipelining  requests pipelined on one connection
 */
public record UndiciConfig(
        Optional<Duration> keepAliveTimeout,
        Optional<Duration> keepAliveMaxTimeout,
        OptionalInt connections,
        OptionalInt pipelining,
        Optional<Duration> headersTimeout,
        Optional<Duration> bodyTimeout,
        Optional<Duration> connectTimeout,
        List<Interceptor> interceptors) {

    public static final UndiciConfig DEFAULTS = new UndiciConfig(Optional.empty(), Optional.empty(), OptionalInt.empty(),
            OptionalInt.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of());

    public UndiciConfig {
        Objects.requireNonNull(keepAliveTimeout, "keepAliveTimeout");
        Objects.requireNonNull(keepAliveMaxTimeout, "keepAliveMaxTimeout");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(pipelining, "pipelining");
        Objects.requireNonNull(headersTimeout, "headersTimeout");
        Objects.requireNonNull(bodyTimeout, "bodyTimeout");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        interceptors = List.copyOf(interceptors);
    }

    /**
     * An interceptor: a module and its options (for the identity-provider token interceptor
     * {@code clientId}, {@code clientSecret}, {@code idpTokenUrl}, {@code origins}).
     */
    public record Interceptor(String module, JsonNode options) {
        public Interceptor {
            Objects.requireNonNull(module, "module");
            options = Objects.requireNonNull(options, "options").deepCopy();
        }

        /** A copy: the options cannot be changed through it. */
        @Override
        public JsonNode options() {
            return options.deepCopy();
        }

        @Override
        public String toString() {
            return "Interceptor[module=" + module + ", options=" + options.size() + " keys]";
        }
    }

    /** An {@code undici} section given on its own; errors name {@code /undici/...}. */
    public static UndiciConfig from(JsonNode undici) {
        return from(ConfigNode.section("undici", undici));
    }

    static UndiciConfig from(ConfigNode undici) {
        if (undici.isMissing()) {
            return DEFAULTS;
        }
        List<Interceptor> interceptors = new ArrayList<>();
        for (ConfigNode interceptor : undici.get("interceptors").elements()) {
            String module = interceptor.get("module").string();
            if (!interceptor.get("options").has("idpTokenUrl")) {
                throw interceptor.error("the interceptor \"" + module + "\" cannot run here: rt's mesh makes the"
                        + " workers' calls, not undici, and runs only the identity-provider token interceptor (options"
                        + " clientId, clientSecret, idpTokenUrl and origins); a JavaScript module cannot be loaded into"
                        + " it. Remove the entry, or do what it does in the application");
            }
            interceptors.add(new Interceptor(module, interceptor.get("options").object()));
        }
        if (undici.get("pipelining").optionalInteger(0, Integer.MAX_VALUE).orElse(1) > 1) {
            throw undici.get("pipelining").error("rt's mesh sends one request at a time on each connection to a"
                    + " worker and does not pipeline them; set 0 or 1, or remove it (undici.connections sets how many"
                    + " connections to a worker may be open at once)");
        }
        return new UndiciConfig(
                undici.get("keepAliveTimeout").optionalMillis(),
                undici.get("keepAliveMaxTimeout").optionalMillis(),
                optionalInt(undici.get("connections"), 1),
                optionalInt(undici.get("pipelining"), 0),
                undici.get("headersTimeout").optionalMillis(),
                undici.get("bodyTimeout").optionalMillis(),
                undici.get("connectTimeout").optionalMillis(),
                interceptors);
    }

    private static OptionalInt optionalInt(ConfigNode count, int min) {
        OptionalLong value = count.optionalInteger(min, Integer.MAX_VALUE);
        return value.isPresent() ? OptionalInt.of((int) value.getAsLong()) : OptionalInt.empty();
    }
}
