package dev.rt.kind.gateway.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.introspection.IntrospectionQuery;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaMergeTest {

    /** What an application answers to the introspection query for a schema of this SDL. */
    static SchemaFetch.Fetched introspected(String id, String sdl) {
        TypeDefinitionRegistry registry = new SchemaParser().parse(sdl);
        GraphQLSchema schema = new SchemaGenerator().makeExecutableSchema(registry,
                RuntimeWiring.newRuntimeWiring().type("Node", type -> type.typeResolver(env -> null))
                        .scalar(graphql.schema.GraphQLScalarType.newScalar().name("Date").coercing(new PassThroughScalar())
                                .build()).build());
        ExecutionResult result = GraphQL.newGraphQL(schema).build().execute(IntrospectionQuery.INTROSPECTION_QUERY);
        JsonNode answer = Upstream.JSON.valueToTree(result.toSpecification());
        return SchemaFetch.of(id, answer);
    }

    @Test
    void rootFieldsAreOwnedByTheFirstApplicationThatHasThemAndOtherTypesMergeByName() {
        List<String> told = new ArrayList<>();
        SchemaMerge merged = SchemaMerge.of(List.of(
                introspected("movies", """
                        scalar Date
                        interface Node { id: ID! }
                        type Movie implements Node { id: ID! title: String released: Date }
                        type Query { movie(id: ID!): Movie movies: [Movie] }
                        type Mutation { saveMovie(title: String): Movie }"""),
                introspected("books", """
                        type Book { id: ID! title: String }
                        type Movie { id: ID! rating: Int }
                        type RootQuery { books(limit: Int = 10): [Book] movies: [Movie] }
                        type Subscription { bookSaved: Book }
                        schema { query: RootQuery subscription: Subscription }""")), told::add);

        assertThat(merged.owners().get("Query")).containsEntry("movie", "movies").containsEntry("movies", "movies")
                .containsEntry("books", "books");
        assertThat(merged.owners().get("Mutation")).containsOnlyKeys("saveMovie");
        assertThat(told).containsExactly("the Query field \"movies\" of the \"books\" application is also the"
                + " \"movies\" application's: the gateway asks \"movies\" only");
        assertThat(merged.scalars()).containsExactly("Date");
        assertThat(merged.abstracts()).containsExactly("Node");
        assertThat(merged.objects()).containsExactlyInAnyOrder("Movie", "Book");
        assertThat(merged.sdl()).contains("rating: Int").doesNotContain("Subscription").doesNotContain("RootQuery");
        GraphQL engine = ComposedSchema.engine(merged, java.util.Map.of());
        assertThat(engine.getGraphQLSchema().getMutationType().getFieldDefinition("saveMovie")).isNotNull();
        assertThat(engine.getGraphQLSchema().getQueryType().getFieldDefinition("books").getArgument("limit")
                .getArgumentDefaultValue().getValue()).isNotNull();
    }
}
