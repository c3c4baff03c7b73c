package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code undici}: options of the HTTP client dispatcher every worker uses for outgoing calls, and the
 * interceptors installed on it. Every option is empty when not given, leaving the client's own default.
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
            options = Section.object(options);
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

    public static UndiciConfig from(JsonNode undici) {
        if (!Section.present(undici)) {
            return DEFAULTS;
        }
        List<Interceptor> interceptors = new ArrayList<>();
        Section.child(undici, "interceptors").forEach(interceptor -> interceptors.add(
                new Interceptor(Section.requiredText(interceptor, "module"), Section.child(interceptor, "options"))));
        return new UndiciConfig(
                Section.optionalMillis(undici, "keepAliveTimeout"),
                Section.optionalMillis(undici, "keepAliveMaxTimeout"),
                Section.optionalInt(undici, "connections"),
                Section.optionalInt(undici, "pipelining"),
                Section.optionalMillis(undici, "headersTimeout"),
                Section.optionalMillis(undici, "bodyTimeout"),
                Section.optionalMillis(undici, "connectTimeout"),
                interceptors);
    }
}
