package dev.rt.kind.service.graphql;

import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.SchemaPrinter;
import graphql.schema.idl.TypeDefinitionRegistry;
import java.util.List;

/** The GraphQL parts the plugins contributed, in the order they did, merged into one executable schema. */
public record GraphQlParts(List<GraphQlPart> parts) {
    public GraphQlParts {
        parts = List.copyOf(parts);
    }

    public boolean isEmpty() {
        return parts.isEmpty();
    }

    /** @throws IllegalArgumentException naming what does not fit together */
    public GraphQLSchema schema() {
        TypeDefinitionRegistry registry = new TypeDefinitionRegistry();
        RuntimeWiring.Builder wiring = RuntimeWiring.newRuntimeWiring();
        for (GraphQlPart part : parts) {
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
    public static String print(GraphQLSchema schema) {
        return new SchemaPrinter(SchemaPrinter.Options.defaultOptions().includeDirectives(false)).print(schema);
    }
}
