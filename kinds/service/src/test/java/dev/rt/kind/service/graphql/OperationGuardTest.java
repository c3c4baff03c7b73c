package dev.rt.kind.service.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import io.vertx.core.http.HttpMethod;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

/** The decision on each operation over HTTP, taken on a real engine between validation and execution. */
class OperationGuardTest {
    private final AtomicInteger writes = new AtomicInteger();
    private final AtomicInteger cached = new AtomicInteger();
    private final GraphQL engine;

    OperationGuardTest() {
        var schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse("""
                type Query { count: Int }
                type Mutation { write: Int }
                type Subscription { ticks: Int }"""), RuntimeWiring.newRuntimeWiring()
                .type("Query", type -> type.dataFetcher("count", env -> writes.get()))
                .type("Mutation", type -> type.dataFetcher("write", env -> writes.incrementAndGet()))
                .type("Subscription", type -> type.dataFetcher("ticks", env -> (Publisher<Integer>)
                        subscriber -> writes.addAndGet(100))).build());
        PreparsedDocumentProvider cache = (input, parse) -> {
            cached.incrementAndGet();
            return CompletableFuture.completedFuture(parse.apply(input));
        };
        GraphQL plain = GraphQL.newGraphQL(schema).preparsedDocumentProvider(cache).build();
        engine = plain.transform(b -> b.preparsedDocumentProvider(new OperationGuard(plain.getPreparsedDocumentProvider())));
    }

    private ExecutionResult run(HttpMethod method, String query, String operationName, HttpOperation[] kept) {
        HttpOperation http = method == null ? null : new HttpOperation(method);
        kept[0] = http;
        ExecutionInput.Builder input = ExecutionInput.newExecutionInput().query(query).operationName(operationName);
        if (http != null) {
            input.graphQLContext(Map.of(HttpOperation.class, http));
        }
        return engine.execute(input.build());
    }

    @Test
    void aMutationSentWithGetIsRefusedBeforeItRunsAndWithPostItRuns() {
        HttpOperation[] http = new HttpOperation[1];
        ExecutionResult refused = run(HttpMethod.GET, "mutation { write }", null, http);
        assertThat(refused.isDataPresent()).isFalse();
        assertThat(writes).hasValue(0);
        assertThat(http[0].refusal()).hasValueSatisfying(e -> {
            assertThat(e.statusCode()).isEqualTo(405);
            assertThat(e.code()).contains("RT_GRAPHQL_MUTATION_OVER_GET");
        });
        assertThat(refused.getErrors().get(0).getMessage()).isEqualTo("a mutation is not run from a GET request, which"
                + " must not change anything; send it with POST");
        assertThat(cached).as("the engine's own provider still parses it").hasValue(1);

        assertThat(run(HttpMethod.POST, "mutation { write }", null, http).getData().toString()).isEqualTo("{write=1}");
        assertThat(http[0].refusal()).isEmpty();
        assertThat(run(HttpMethod.GET, "{ count }", null, http).getData().toString()).isEqualTo("{count=1}");
        assertThat(http[0].refusal()).isEmpty();
    }

    @Test
    void theOperationIsTheOneTheNameChooses() {
        HttpOperation[] http = new HttpOperation[1];
        String document = "query Read { count } mutation Write { write }";
        assertThat(run(HttpMethod.GET, document, "Read", http).getData().toString()).isEqualTo("{count=0}");
        assertThat(run(HttpMethod.GET, document, "Write", http).isDataPresent()).isFalse();
        assertThat(http[0].refusal()).isPresent();
        ExecutionResult unnamed = run(HttpMethod.GET, document, null, http);
        assertThat(unnamed.isDataPresent()).as("graphql-java refuses an ambiguous document").isFalse();
        assertThat(http[0].refusal()).isEmpty();
        assertThat(run(HttpMethod.GET, "mutation { nope }", null, http).getErrors().get(0).getMessage())
                .as("an invalid document is graphql-java's to report").contains("nope");
        assertThat(http[0].refusal()).isEmpty();
        assertThat(writes).hasValue(0);
    }

    @Test
    void aSubscriptionIsRefusedOverHttpButNotOverAWebSocket() {
        HttpOperation[] http = new HttpOperation[1];
        ExecutionResult refused = run(HttpMethod.POST, "subscription { ticks }", null, http);
        assertThat(refused.isDataPresent()).isFalse();
        assertThat(http[0].refusal()).hasValueSatisfying(e -> assertThat(e.statusCode()).isEqualTo(400));
        ExecutionResult socket = run(null, "subscription { ticks }", null, http);
        assertThat(socket.getErrors()).isEmpty();
        assertThat(socket.<Object>getData()).isInstanceOf(Publisher.class);
        assertThat(run(null, "mutation { write }", null, http).getErrors()).isEmpty();
    }
}
