package dev.rt.kind;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** What a worker gives the kind it starts: who it is, where, with what configuration. */
public interface WorkerContext {
    /**
     * The variable that names the UNIX socket where an entrypoint worker of a kind that
     * {@linkplain Kind#acceptsPublicSocket accepts the public socket} fetches its descriptor.
     */
    String PUBLIC_SOCKET_VARIABLE = "RT_PUBLIC_SOCKET";

    /** The service's id, for messages and logs. */
    String serviceId();

    /** This worker's index within its service: 0 for the first, never reused. */
    int workerIndex();

    /** The service's directory, absolute; relative paths in the configuration resolve against it. */
    Path serviceDirectory();

    /**
     * The service's own configuration file, validated and with defaults applied, as JSON values of JDK types
     * (see {@link Kind}).
     */
    Map<String, Object> configuration();

    /** The same configuration as JSON text, for a kind that binds it with a JSON library of its own. */
    String configurationJson();

    /** The service's {@code arguments}, for an application's {@code main}. */
    List<String> arguments();

    /**
     * A free port rt offers ({@code PORT}): a wrapped application that listens on it is found at once. A server
     * the kind starts itself should rather bind 127.0.0.1 on an ephemeral port and return it.
     */
    OptionalInt offeredPort();

    /** The worker's environment variables. */
    Map<String, String> environment();

    /** Writes to the runtime's log, as this worker. */
    KindLog log();

    /**
     * Messages to and from the other services of the runtime. A context outside a runtime (a kind's own tests, a
     * service run alone) has none: {@link KindMessaging#UNAVAILABLE}.
     */
    default KindMessaging messaging() {
        return KindMessaging.UNAVAILABLE;
    }

    /**
     * The spans of the requests the kind serves: {@link RequestTracing#OFF} when the service is not traced (or is
     * traced by the OpenTelemetry Java agent, which records its own).
     */
    default RequestTracing tracing() {
        return RequestTracing.OFF;
    }

    /**
     * The runtime's key (base64) for the {@code X-RT-IDENTITY} header it seals: the identity of its own calls (the
     * scheduler's) and of a caller it forwards, which a kind's authentication accepts. Empty outside a runtime.
     */
    default Optional<String> identityKey() {
        return Optional.empty();
    }

    /** Removes responses from the runtime's HTTP cache: {@link HttpCacheInvalidation#UNAVAILABLE} outside a runtime. */
    default HttpCacheInvalidation httpCache() {
        return HttpCacheInvalidation.UNAVAILABLE;
    }

    /**
     * Where this worker fetches the runtime's public listening socket when it is to accept on it itself
     * ({@code server.entrypointMode: "direct"}): a UNIX socket that answers each connection with the descriptor
     * (SCM_RIGHTS) and closes. Empty for every other worker, which serves on 127.0.0.1 only.
     */
    default Optional<Path> publicSocket() {
        String socket = environment().get(PUBLIC_SOCKET_VARIABLE);
        return socket == null || socket.isEmpty() ? Optional.empty() : Optional.of(Path.of(socket));
    }
}
