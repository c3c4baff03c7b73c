package dev.rt.kind.gateway.graphql;

import graphql.GraphQL;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLSchema;
import graphql.schema.TypeResolver;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import java.util.Map;

/** The executable schema made of a {@link SchemaMerge}: root fields forwarded, the rest read from the answers. */
final class ComposedSchema {
    private ComposedSchema() {
    }

    /** @throws RuntimeException when the merged definitions do not make a schema (a type two applications differ on) */
    static GraphQL engine(SchemaMerge merged, Map<String, Upstream> upstreams) {
        RuntimeWiring.Builder wiring = RuntimeWiring.newRuntimeWiring();
        merged.owners().forEach((root, fields) -> wiring.type(root, type -> {
            fields.forEach((field, owner) -> type.dataFetcher(field, new RootFieldForwarder(upstreams.get(owner))));
            return type;
        }));
        merged.objects().forEach(name -> wiring.type(name, type -> type.defaultDataFetcher(BY_RESPONSE_KEY)));
        merged.abstracts().forEach(name -> wiring.type(name, type -> type.typeResolver(BY_TYPENAME)));
        merged.scalars().forEach(name -> wiring.scalar(GraphQLScalarType.newScalar().name(name)
                .coercing(new PassThroughScalar()).build()));
        GraphQLSchema schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse(merged.sdl()),
                wiring.build());
        return GraphQL.newGraphQL(schema).build();
    }

    /** A field of an object an application answered: its value under the field's response key (alias or name). */
    private static final DataFetcher<Object> BY_RESPONSE_KEY = env -> env.getSource() instanceof Map<?, ?> source
            ? source.get(env.getField().getResultKey()) : null;

    /** The object type of a value of an interface or union: its {@code __typename}, which every forwarded query asks. */
    private static final TypeResolver BY_TYPENAME = env -> {
        Object name = env.getObject() instanceof Map<?, ?> source ? source.get("__typename") : null;
        GraphQLObjectType type = name == null ? null : env.getSchema().getObjectType(name.toString());
        if (type == null) {
            throw new IllegalStateException("an object of " + env.getFieldType() + " came without a known __typename");
        }
        return type;
    };
}
