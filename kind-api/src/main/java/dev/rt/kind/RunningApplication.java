package dev.rt.kind;

import java.time.Duration;
import java.util.Optional;

/** An application a kind has started in a worker, serving HTTP on 127.0.0.1. */
public interface RunningApplication {

    /** The port it serves on; the supervisor routes the service's requests there, on 127.0.0.1. */
    int port();

    /**
     * The address its listening socket is bound to, as an IP literal: {@code 127.0.0.1} (the default) or {@code ::1}
     * when it listens on loopback only, {@code 0.0.0.0} or {@code ::} when it listens on every interface (and so
     * can be reached past rt's entrypoint), or another address of the host.
     */
    default String listenAddress() {
        return "127.0.0.1";
    }

    /**
     * The busy time of the threads that handle its requests, when the kind runs them; the worker's ELU is then
     * their busy fraction (or the process's CPU use, whichever is higher). Empty means the process's CPU use only.
     */
    default Optional<BusyTime> busyTime() {
        return Optional.empty();
    }

    /**
     * The OpenAPI document the application serves, as JSON text, for the management API's
     * {@code GET /services/:id/openapi-schema}. Empty, the default, when it has none.
     */
    default Optional<String> openApiDocument() {
        return Optional.empty();
    }

    /** The application's GraphQL schema in SDL, for {@code GET /services/:id/graphql-schema}; empty when none. */
    default Optional<String> graphQlSchema() {
        return Optional.empty();
    }

    /**
     * Stops accepting, lets requests in flight finish, and returns by {@code deadline} from now at the latest.
     * The JVM exits after it returns, running shutdown hooks.
     */
    void stop(Duration deadline);
}
