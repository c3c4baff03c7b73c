package dev.rt.testdata.service.graphql;

import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import java.util.List;
import java.util.Map;

/** A GraphQL schema with resolvers: movies by id, and all of them. */
public final class Catalogue implements ServicePlugin {
    private static final List<Map<String, Object>> MOVIES = List.of(
            Map.of("id", 1, "title", "Alien", "year", 1979), Map.of("id", 2, "title", "Heat", "year", 1995));

    @Override
    public void register(ServiceContext service) {
        service.graphql("""
                type Query {
                  movie(id: Int!): Movie
                  movies: [Movie!]!
                }
                type Movie {
                  id: Int!
                  title: String!
                  year: Int
                }
                """, wiring -> wiring.type("Query", type -> type
                .dataFetcher("movie", env -> MOVIES.stream().filter(m -> m.get("id").equals(env.getArgument("id")))
                        .findFirst().orElse(null))
                .dataFetcher("movies", env -> MOVIES)));
        service.get("/hello").handler(ctx -> ctx.end("hello"));
    }
}
