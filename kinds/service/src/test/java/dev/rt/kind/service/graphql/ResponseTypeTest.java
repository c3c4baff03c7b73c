package dev.rt.kind.service.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import graphql.ExecutionResultImpl;
import graphql.GraphqlErrorBuilder;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResponseTypeTest {
    private static Optional<ResponseType> accept(String header) {
        return ResponseType.negotiate(header);
    }

    @Test
    void aClientThatNamesTheGraphQlResponseTypeGetsIt() {
        assertThat(accept("application/graphql-response+json")).contains(ResponseType.GRAPHQL_RESPONSE);
        assertThat(accept("application/graphql-response+json; charset=utf-8, application/json; charset=utf-8"))
                .contains(ResponseType.GRAPHQL_RESPONSE);
        assertThat(accept("application/json, application/graphql-response+json")).as("named both, equal quality")
                .contains(ResponseType.GRAPHQL_RESPONSE);
        assertThat(accept("application/graphql-response+json,application/json;q=0.9"))
                .contains(ResponseType.GRAPHQL_RESPONSE);
        assertThat(accept("APPLICATION/GRAPHQL-RESPONSE+JSON")).contains(ResponseType.GRAPHQL_RESPONSE);
    }

    @Test
    void plainJsonLegacyClientsAndWildcardsGetJson() {
        assertThat(accept(null)).contains(ResponseType.JSON);
        assertThat(accept("  ")).contains(ResponseType.JSON);
        assertThat(accept("application/json")).contains(ResponseType.JSON);
        assertThat(accept("*/*")).contains(ResponseType.JSON);
        assertThat(accept("application/*")).contains(ResponseType.JSON);
        assertThat(accept("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))
                .as("a browser's navigation").contains(ResponseType.JSON);
        assertThat(accept("application/json, multipart/mixed")).as("GraphiQL's").contains(ResponseType.JSON);
        assertThat(accept("application/graphql-response+json;q=0.5, application/json"))
                .as("the higher quality wins").contains(ResponseType.JSON);
    }

    @Test
    void theMostSpecificRangeDecidesAndZeroRefuses() {
        assertThat(accept("*/*, application/json;q=0")).contains(ResponseType.GRAPHQL_RESPONSE);
        assertThat(accept("application/graphql-response+json;q=0, */*")).contains(ResponseType.JSON);
        assertThat(accept("application/json;q=0.2, */*;q=0.9")).as("the wildcard gives the other type 0.9")
                .contains(ResponseType.GRAPHQL_RESPONSE);
    }

    @Test
    void nothingAcceptableIsEmptyForA406() {
        assertThat(accept("text/html")).isEmpty();
        assertThat(accept("application/xml, text/plain;q=0.5")).isEmpty();
        assertThat(accept("application/json;q=0")).isEmpty();
        assertThat(accept("application/json;q=zero")).as("an unreadable quality").isEmpty();
        assertThat(accept("application/json; charset=latin1")).as("a GraphQL response is UTF-8").isEmpty();
    }

    @Test
    void theGraphQlResponseTypeSaysA400WhenNothingExecutedAndJsonAlwaysSays200() {
        var requestError = ExecutionResultImpl.newExecutionResult()
                .addError(GraphqlErrorBuilder.newError().message("Invalid syntax").build()).build();
        var fieldError = ExecutionResultImpl.newExecutionResult().data(Collections.singletonMap("f", null))
                .addError(GraphqlErrorBuilder.newError().message("failed").build()).build();
        var nullData = ExecutionResultImpl.newExecutionResult().data(null)
                .addError(GraphqlErrorBuilder.newError().message("non-null root failed").build()).build();
        var fine = ExecutionResultImpl.newExecutionResult().data(Map.of("f", 1)).build();

        assertThat(ResponseType.GRAPHQL_RESPONSE.status(requestError)).isEqualTo(400);
        assertThat(ResponseType.GRAPHQL_RESPONSE.status(fieldError)).isEqualTo(200);
        assertThat(ResponseType.GRAPHQL_RESPONSE.status(nullData)).as("data null is still a response").isEqualTo(200);
        assertThat(ResponseType.GRAPHQL_RESPONSE.status(fine)).isEqualTo(200);
        assertThat(ResponseType.JSON.status(requestError)).isEqualTo(200);
        assertThat(ResponseType.GRAPHQL_RESPONSE.contentType())
                .isEqualTo("application/graphql-response+json; charset=utf-8");
        assertThat(ResponseType.JSON.contentType()).isEqualTo("application/json; charset=utf-8");
    }
}
