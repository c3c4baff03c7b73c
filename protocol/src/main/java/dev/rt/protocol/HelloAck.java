package dev.rt.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * The supervisor's answer to {@link Hello}: what the worker runs.
 *
 * @param kind                  the application kind, for example {@code java}
 * @param configuration         the service's own configuration file, validated and with its defaults
 * @param serviceDirectory      absolute path of the service directory
 * @param arguments             the service's {@code arguments}, passed to the application's main
 * @param meshProxyPort         port of the mesh proxy on 127.0.0.1 that serves {@code *.rt.local}
 * @param exitOnUnhandledErrors whether an uncaught exception ends the worker
 * @param statsIntervalMillis   how often the worker sends {@link Stats}
 * @param meshOrigins           origins outside the runtime ({@code http://host[:port]}) that the worker also
 *                              reaches through the mesh proxy, which adds what an interceptor asks for (a
 *                              bearer token)
 * @param messagingTimeoutMillis how long a message the worker sends may wait for its reply ({@code messagingTimeout})
 * @param traced                whether the service is traced: its kind records spans of the requests that arrive
 *                              with a sampled {@code traceparent} and sends them in {@link SpanBatch}es
 * @param identityKey           the runtime's key (base64) for the {@code X-RT-IDENTITY} header it seals, which the
 *                              worker's authentication opens (the scheduler's calls, a forwarded caller); empty
 *                              when the supervisor seals none
 */
public record HelloAck(
        String serviceId,
        int workerIndex,
        String kind,
        JsonNode configuration,
        String serviceDirectory,
        List<String> arguments,
        int meshProxyPort,
        boolean exitOnUnhandledErrors,
        long statsIntervalMillis,
        List<String> meshOrigins,
        long messagingTimeoutMillis,
        boolean traced,
        String identityKey) implements Message {

    /** {@code messagingTimeout}'s default. */
    public static final long DEFAULT_MESSAGING_TIMEOUT_MILLIS = 300_000;

    public HelloAck {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(serviceDirectory, "serviceDirectory");
        Objects.requireNonNull(identityKey, "identityKey");
        arguments = List.copyOf(arguments);
        meshOrigins = List.copyOf(meshOrigins);
        if (messagingTimeoutMillis < 0) {
            throw new IllegalArgumentException("messagingTimeoutMillis must not be negative, found " + messagingTimeoutMillis);
        }
    }

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.helloAck(this);
    }
}
