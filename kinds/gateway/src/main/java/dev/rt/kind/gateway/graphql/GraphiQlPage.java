package dev.rt.kind.gateway.graphql;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.graphql.GraphiQLHandlerOptions;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * GraphiQL at {@code /graphiql/} over the gateway's {@code /graphql}, from the bundle in vertx-web-graphql's jar (no
 * CDN), as the service kind serves it.
 */
final class GraphiQlPage {
    private static final String BUNDLE = "io/vertx/ext/web/handler/graphiql/";
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "application/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
            "json", "application/json; charset=utf-8", "svg", "image/svg+xml", "png", "image/png");
    private static final Map<String, Optional<Buffer>> CACHE = new ConcurrentHashMap<>();

    private GraphiQlPage() {
    }

    static void mount(Router router) {
        String config = new GraphiQLHandlerOptions().setEnabled(true).setGraphQLUri("/graphql")
                .setGraphQLWSEnabled(false).toJson().encode();
        Buffer index = Buffer.buffer(read("index.html").orElseThrow().toString()
                .replace("__VERTX_GRAPHIQL_CONFIG__", config));
        router.get("/graphiql").handler(context -> {
            String path = context.request().path();
            if (path.endsWith("/")) {
                context.response().putHeader("content-type", TYPES.get("html")).end(index);
            } else {
                context.response().setStatusCode(302).putHeader("location", "graphiql/").end();
            }
        });
        router.get("/graphiql/*").handler(context -> serve(context, context.pathParam("*")));
    }

    private static void serve(RoutingContext context, String relative) {
        Optional<Buffer> content = relative.contains("..") ? Optional.empty() : read(relative);
        if (content.isEmpty()) {
            context.next();
            return;
        }
        String extension = relative.substring(relative.lastIndexOf('.') + 1);
        context.response().putHeader("content-type", TYPES.getOrDefault(extension, "application/octet-stream"))
                .putHeader("cache-control", "public, max-age=3600").end(content.get());
    }

    private static Optional<Buffer> read(String relative) {
        return CACHE.computeIfAbsent(relative, name -> {
            try (InputStream in = GraphiQlPage.class.getClassLoader().getResourceAsStream(BUNDLE + name)) {
                return in == null ? Optional.empty() : Optional.of(Buffer.buffer(in.readAllBytes()));
            } catch (IOException e) {
                return Optional.empty();
            }
        });
    }
}
