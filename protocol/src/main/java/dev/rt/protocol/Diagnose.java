package dev.rt.protocol;

/**
 * Supervisor to worker: write a diagnostic file of the worker's JVM at {@code path} (in the runtime's private
 * directory) and answer {@link Diagnosed} with the same id. {@code kind} is {@link #HEAP_DUMP} (an HPROF heap
 * dump of the live objects), {@link #PROFILE} (a JFR recording with the {@code profile} settings lasting
 * {@code durationMillis}), {@link #OPENAPI_SCHEMA} (the application's OpenAPI document, JSON) or
 * {@link #GRAPHQL_SCHEMA} (its GraphQL schema, SDL); the last two fail when the application has none.
 */
public record Diagnose(long id, String kind, String path, long durationMillis) implements Message {
    public static final String HEAP_DUMP = "heap-dump";
    public static final String PROFILE = "profile";
    public static final String OPENAPI_SCHEMA = "openapi-schema";
    public static final String GRAPHQL_SCHEMA = "graphql-schema";

    @Override
    public <R> R accept(MessageVisitor<R> visitor) {
        return visitor.diagnose(this);
    }
}
