package dev.rt.kind.service.graphql;

import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaParser;
import java.util.Objects;
import java.util.function.Consumer;

/** The GraphQL type definitions and resolvers one plugin contributed ({@code ServiceContext.graphql}). */
public record GraphQlPart(String plugin, String sdl, Consumer<RuntimeWiring.Builder> wiring) {
    public GraphQlPart {
        Objects.requireNonNull(plugin, "plugin");
        Objects.requireNonNull(wiring, "wiring");
    }

    /** @throws IllegalArgumentException when the SDL does not parse */
    public static GraphQlPart of(String plugin, String sdl, Consumer<RuntimeWiring.Builder> wiring) {
        try {
            new SchemaParser().parse(sdl);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("its GraphQL schema does not parse: " + e.getMessage()
                    + "; fix the SDL");
        }
        return new GraphQlPart(plugin, sdl, wiring);
    }
}
