package dev.rt.kind.gateway.graphql;

import com.fasterxml.jackson.databind.JsonNode;
import graphql.introspection.IntrospectionQuery;
import graphql.introspection.IntrospectionResultToSchema;
import graphql.language.Document;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Reads an application's schema by the standard introspection query. */
final class SchemaFetch {
    private SchemaFetch() {
    }

    /**
     * The schema as type definitions, and the names of its query and mutation types.
     *
     * @param query    the name of its query type
     * @param mutation the name of its mutation type, null when it has none
     */
    record Fetched(String id, Document document, String query, String mutation) {
    }

    static CompletableFuture<Fetched> fetch(Upstream upstream) {
        return upstream.send(IntrospectionQuery.INTROSPECTION_QUERY, Map.of()).thenApply(answer -> of(upstream.id(),
                answer));
    }

    /** The schema an introspection answer describes. */
    @SuppressWarnings("unchecked")
    static Fetched of(String id, JsonNode answer) {
        {
            JsonNode schema = answer.path("data").path("__schema");
            if (!schema.isObject()) {
                throw new IllegalStateException("its introspection answer has no data.__schema"
                        + (answer.has("errors") ? ": " + answer.get("errors") : ""));
            }
            Map<String, Object> data = Upstream.JSON.convertValue(answer.get("data"), Map.class);
            Document document = new IntrospectionResultToSchema().createSchemaDefinition(data);
            String mutation = schema.path("mutationType").path("name").asText(null);
            return new Fetched(id, document, schema.path("queryType").path("name").asText("Query"), mutation);
        }
    }
}
