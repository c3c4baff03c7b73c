package dev.rt.kind.db.http;

import dev.rt.kind.db.graphql.DbGraphQL;
import dev.rt.service.ServiceContext;
import graphql.schema.DataFetcher;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLEnumType;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.ScalarInfo;
import graphql.schema.idl.TypeRuntimeWiring;

/**
 * The entities' GraphQL schema as a part of the service's: its SDL, and a wiring that gives back what SDL does not
 * carry (the resolvers, the custom scalars, the values behind enum names), so that the user's plugins can extend it
 * ({@code extend type Query}, {@code extend type Movie}) and the merged schema behaves as the entities' own.
 */
final class GraphQlPart {
    private GraphQlPart() {
    }

    static void register(ServiceContext service, DbGraphQL graphql) {
        GraphQLSchema schema = graphql.schema();
        service.graphql(graphql.sdl(), wiring -> wire(schema, wiring));
    }

    private static void wire(GraphQLSchema schema, RuntimeWiring.Builder wiring) {
        GraphQLCodeRegistry code = schema.getCodeRegistry();
        for (GraphQLNamedType type : schema.getAllTypesAsList()) {
            if (type.getName().startsWith("__")) {
                continue;
            }
            if (type instanceof GraphQLScalarType scalar && !ScalarInfo.isGraphqlSpecifiedScalar(scalar)) {
                wiring.scalar(scalar);
            } else if (type instanceof GraphQLEnumType enumType) {
                wiring.type(TypeRuntimeWiring.newTypeWiring(enumType.getName())
                        .enumValues(name -> enumType.getValue(name) == null ? null : enumType.getValue(name).getValue()));
            } else if (type instanceof GraphQLObjectType object) {
                TypeRuntimeWiring.Builder fetchers = TypeRuntimeWiring.newTypeWiring(object.getName());
                for (GraphQLFieldDefinition field : object.getFieldDefinitions()) {
                    if (code.hasDataFetcher(FieldCoordinates.coordinates(object, field))) {
                        DataFetcher<?> fetcher = code.getDataFetcher(object, field);
                        fetchers.dataFetcher(field.getName(), fetcher);
                    }
                }
                wiring.type(fetchers);
            }
        }
    }
}
