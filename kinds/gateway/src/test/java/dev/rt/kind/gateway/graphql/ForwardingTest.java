package dev.rt.kind.gateway.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherResult;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The composed engine against an application served over real HTTP (the JDK's server running graphql-java): what
 * the application is sent for each root field, and what the client gets back.
 */
class ForwardingTest {
    private static final String SDL = """
            interface Item { id: ID! }
            type Movie implements Item { id: ID! title: String year: Int }
            type Song implements Item { id: ID! title: String seconds: Int }
            union Found = Movie | Song
            type Query { items(kind: String): [Item] search(text: String!): [Found] }
            type Mutation { rate(id: ID!, stars: Int!): Int }""";
    private static final List<Map<String, Object>> ITEMS = List.of(
            Map.of("id", "1", "title", "Alien", "year", 1979, "kind", "Movie"),
            Map.of("id", "2", "title", "Heat", "seconds", 215, "kind", "Song"));
    private final List<String> received = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private GraphQL composed;

    @BeforeEach
    void serve() throws IOException {
        RuntimeWiring wiring = RuntimeWiring.newRuntimeWiring()
                .type("Query", type -> type.dataFetcher("items", env -> ITEMS).dataFetcher("search", env -> ITEMS
                        .stream().filter(item -> item.get("title").toString().contains(env.getArgument("text"))).toList()))
                .type("Mutation", type -> type.dataFetcher("rate", env -> DataFetcherResult.newResult()
                        .error(GraphqlErrorBuilder.newError(env).message("no rating for " + env.getArgument("id"))
                                .extensions(Map.of("code", "NO_RATING")).build()).build()))
                .type("Item", type -> type.typeResolver(env -> env.getSchema().getObjectType(
                        ((Map<?, ?>) env.getObject()).get("kind").toString())))
                .type("Found", type -> type.typeResolver(env -> env.getSchema().getObjectType(
                        ((Map<?, ?>) env.getObject()).get("kind").toString())))
                .build();
        GraphQL application = GraphQL.newGraphQL(new SchemaGenerator().makeExecutableSchema(new SchemaParser()
                .parse(SDL), wiring)).build();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/graphql", exchange -> {
            JsonNode request = Upstream.JSON.readTree(exchange.getRequestBody());
            received.add(request.get("query").asText());
            @SuppressWarnings("unchecked")
            Map<String, Object> variables = Upstream.JSON.convertValue(request.get("variables"), Map.class);
            ExecutionResult result = application.execute(ExecutionInput.newExecutionInput()
                    .query(request.get("query").asText()).variables(variables));
            byte[] body = Upstream.JSON.writeValueAsBytes(result.toSpecification());
            exchange.getResponseHeaders().set("content-type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        Upstream upstream = new Upstream("media", URI.create("http://127.0.0.1:" + server.getAddress().getPort()
                + "/graphql"), Upstream.client(), Duration.ofSeconds(10));
        SchemaMerge merged = SchemaMerge.of(List.of(SchemaFetch.fetch(upstream).join()), message -> { });
        composed = ComposedSchema.engine(merged, Map.of("media", upstream));
        received.clear();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private JsonNode run(String query, Map<String, Object> variables) {
        return Upstream.JSON.valueToTree(composed.execute(ExecutionInput.newExecutionInput().query(query)
                .variables(variables)).toSpecification());
    }

    @Test
    void interfacesAndUnionsAreToldApartAndAliasesFragmentsAndVariablesGoAlong() throws Exception {
        JsonNode answer = run("""
                query Find($text: String!) {
                  all: items { id ... on Movie { released: year } ...SongParts }
                  search(text: $text) { __typename ... on Movie { title } }
                }
                fragment SongParts on Song { seconds }""", Map.of("text", "Hea"));

        assertThat(answer.has("errors")).as(answer.toString()).isFalse();
        assertThat(answer.get("data")).isEqualTo(Upstream.JSON.readTree("""
                {"all": [{"id": "1", "released": 1979}, {"id": "2", "seconds": 215}],
                 "search": [{"__typename": "Song"}]}"""));
        assertThat(received).containsExactlyInAnyOrder("""
                query { all:items{id ...on Movie{released:year __typename}...SongParts __typename} }
                fragment SongParts on Song {seconds __typename}""",
                "query($text:String!) { search(text:$text){__typename ...on Movie{title __typename}__typename} }");
    }

    @Test
    void theApplicationsErrorsAndItsAbsenceBecomeTheFieldsErrors() {
        JsonNode refused = run("mutation { rate(id: \"7\", stars: 5) }", Map.of());
        assertThat(refused.at("/errors/0/message").asText()).contains("no rating for 7");
        assertThat(refused.at("/errors/0/path/0").asText()).isEqualTo("rate");
        assertThat(refused.at("/errors/0/extensions/code").asText()).as("the application's code").isEqualTo("NO_RATING");
        assertThat(refused.at("/data/rate").isNull()).isTrue();

        server.stop(0);
        JsonNode down = run("{ items { id } }", Map.of());
        assertThat(down.at("/errors/0/message").asText()).startsWith("the application \"media\" did not answer http://127.0.0.1:");
        assertThat(down.at("/data/items").isNull()).isTrue();
    }
}
