package dev.rt.kind.service.graphql;

import dev.rt.kind.service.http.ClasspathAssets;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.graphql.GraphiQLHandlerOptions;

/**
 * GraphiQL at {@code /graphiql/}, querying the origin's {@code /graphql}, from the bundle in vertx-web-graphql's jar
 * (no CDN): a service's with {@code graphql.graphiql}, and the gateway's over its composed schema.
 */
public final class GraphiQlPage {
    private static final String BUNDLE = "io/vertx/ext/web/handler/graphiql/";

    private GraphiQlPage() {
    }

    public static void mount(Router router) {
        mount(router, false);
    }

    /** @param subscriptions whether the page subscribes over the WebSocket at {@code /graphql} */
    public static void mount(Router router, boolean subscriptions) {
        ClasspathAssets assets = new ClasspathAssets(BUNDLE);
        String config = new GraphiQLHandlerOptions().setEnabled(true).setGraphQLUri("/graphql")
                .setGraphQLWSEnabled(subscriptions).toJson().encode();
        String index = assets.read("index.html").orElseThrow().toString().replace("__VERTX_GRAPHIQL_CONFIG__", config);
        router.get("/graphiql").handler(context -> {
            if (context.request().path().endsWith("/")) {
                context.response().putHeader("content-type", "text/html; charset=utf-8").end(index);
            } else {
                ClasspathAssets.redirectToSlash(context);
            }
        });
        router.get("/graphiql/*").handler(context -> assets.serve(context, context.pathParam("*")));
    }
}
