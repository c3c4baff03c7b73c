package dev.rt.kind.service;

import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.SchemaPrinter;
import graphql.schema.idl.TypeDefinitionRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The GraphQL type definitions and resolvers the plugins contributed, merged into one executable schema. */
final class GraphQlParts {
    private record Part(String plugin, String sdl, Consumer<RuntimeWiring.Builder> wiring) {
    }

    private final List<Part> parts = new ArrayList<>();

    void add(String plugin, String sdl, Consumer<RuntimeWiring.Builder> wiring) {
        try {
            new SchemaParser().parse(sdl);
        } catch (RuntimeException e) {
            throw new RegistrationError("its GraphQL schema does not parse: " + e.getMessage()
                    + "; fix the SDL");
        }
        parts.add(new Part(plugin, sdl, wiring));
    }

    boolean isEmpty() {
        return parts.isEmpty();
    }

    /** @throws IllegalArgumentException naming what does not fit together */
    GraphQLSchema schema() {
        TypeDefinitionRegistry registry = new TypeDefinitionRegistry();
        RuntimeWiring.Builder wiring = RuntimeWiring.newRuntimeWiring();
        for (Part part : parts) {
            try {
                registry.merge(new SchemaParser().parse(part.sdl()));
                part.wiring().accept(wiring);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the GraphQL schema of " + part.plugin() + " does not fit with the"
                        + " others: " + e.getMessage());
            }
        }
        try {
            return new SchemaGenerator().makeExecutableSchema(registry, wiring.build());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the plugins' GraphQL schema is incomplete: " + e.getMessage());
        }
    }

    /** The schema in SDL, as the management API hands it out. */
    static String print(GraphQLSchema schema) {
        return new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)).print(schema);
    }
}
