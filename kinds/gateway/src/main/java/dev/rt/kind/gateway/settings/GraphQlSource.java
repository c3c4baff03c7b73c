package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;
import java.util.Map;

/**
 * An application's {@code graphql}: its schema read (by introspection) from {@code graphqlEndpoint} on its origin, and
 * each root field of it served by the gateway's {@code /graphql} forwarded there.
 *
 * @param endpoint {@code graphqlEndpoint}, {@code /graphql} by default
 */
public record GraphQlSource(String endpoint) {

    /** @param value {@code true}, or the object; {@code false} and null are no source at all (checked by the caller) */
    static GraphQlSource read(Object value, String pointer) {
        if (!(value instanceof Map<?, ?>)) {
            return new GraphQlSource("/graphql");
        }
        Map<String, Object> graphql = ConfigValues.object(value);
        if (graphql.containsKey("entities")) {
            throw KindException.at(pointer + "/entities", "resolving entities across applications is not available in"
                    + " this version of rt: each root field is answered by the application that has it, with the"
                    + " fields that application has; remove it");
        }
        if (graphql.containsKey("host")) {
            throw KindException.at(pointer + "/host", "the GraphQL requests of an application go to its origin: set"
                    + " origin on the application instead");
        }
        String endpoint = ConfigValues.string(graphql, "graphqlEndpoint").orElse("/graphql");
        if (!endpoint.startsWith("/") || endpoint.contains("?") || endpoint.contains("#")) {
            throw KindException.at(pointer + "/graphqlEndpoint", "must be a path such as /graphql, found \"" + endpoint
                    + "\"");
        }
        return new GraphQlSource(endpoint);
    }
}
