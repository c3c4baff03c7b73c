package dev.rt.kind.db.it.plugin;

import dev.rt.kind.db.sql.Entities;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import io.vertx.core.json.JsonObject;
import java.sql.SQLException;

/**
 * A user's plugin of a db service: it finds the entities, counts movies behind a documented route of its own and
 * adds a field to the entities' GraphQL query type.
 */
public final class Stats implements ServicePlugin {
    @Override
    public void register(ServiceContext service) {
        Entities entities = service.lookup(Entities.class)
                .orElseThrow(() -> new IllegalStateException("a db service offers its entities"));
        service.get("/stats").operationId("getStats")
                .response(200, "{\"type\": \"object\", \"properties\": {\"movies\": {\"type\": \"integer\"}}}")
                .blockingHandler(ctx -> ctx.json(new JsonObject().put("movies", count(entities))));
        service.graphql("extend type Query { movieCount: Int }",
                wiring -> wiring.type("Query", type -> type.dataFetcher("movieCount", env -> count(entities))));
    }

    private static long count(Entities entities) {
        try {
            return entities.count("movie");
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
