package dev.rt.testdata.service.movies;

import dev.rt.service.HttpError;
import dev.rt.service.ServiceContext;
import dev.rt.service.ServicePlugin;
import dev.rt.service.Validated;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A small movie catalogue with documented, validated routes; its options name a greeting. */
public final class Movies implements ServicePlugin {
    private static final String MOVIE = """
            {"type": "object", "required": ["title"], "additionalProperties": false,
             "properties": {"title": {"type": "string", "minLength": 1}, "year": {"type": "integer", "minimum": 1888}}}""";

    private final Map<Integer, JsonObject> movies = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    @Override
    public void register(ServiceContext service) {
        String greeting = new JsonObject(service.options()).getString("greeting", "hello");
        service.get("/greeting").summary("The configured greeting").operationId("getGreeting")
                .response(200, "{\"type\": \"object\", \"properties\": {\"greeting\": {\"type\": \"string\"}}}")
                .handler(ctx -> ctx.json(new JsonObject().put("greeting", greeting)));
        service.post("/movies").body(MOVIE).operationId("createMovie").summary("Save a movie").tags("movies")
                .response(200, MOVIE)
                .handler(ctx -> {
                    JsonObject movie = Validated.bodyObject(ctx).copy().put("id", ids.incrementAndGet());
                    movies.put(movie.getInteger("id"), movie);
                    ctx.json(movie);
                });
        service.get("/movies").operationId("getMovies").tags("movies")
                .query("{\"type\": \"object\", \"properties\": {\"limit\": {\"type\": \"integer\", \"minimum\": 1,"
                        + " \"maximum\": 100, \"default\": 10}}}")
                .handler(ctx -> ctx.json(new JsonArray(movies.values().stream()
                        .limit(Validated.query(ctx).getInteger("limit")).toList())));
        service.get("/movies/:id").operationId("getMovieById").tags("movies")
                .params("{\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"integer\"}}}")
                .handler(ctx -> {
                    JsonObject movie = movies.get(Validated.params(ctx).getInteger("id"));
                    if (movie == null) {
                        throw new HttpError(404, "MOVIE_NOT_FOUND", "Movie " + ctx.pathParam("id") + " not found");
                    }
                    ctx.json(movie);
                });
        service.get("/crash").hide().handler(ctx -> {
            throw new IllegalStateException("connection to the database refused");
        });
    }
}
