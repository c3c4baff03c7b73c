package dev.rt.kind.service;

import graphql.GraphQL;
import graphql.schema.GraphQLSchema;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.graphql.GraphQLHandler;

/**
 * {@code POST /graphql} (and GET with {@code ?query=}) on graphql-java through Vert.x's GraphQL handler; for a schema
 * with subscriptions, WebSockets at {@code /graphql} ({@link GraphQlSockets}); and with
 * {@code graphiql}, the GraphiQL page at {@code /graphiql/} from the bundle in vertx-web-graphql's jar. The bundle
 * queries the origin's {@code /graphql}: a service exposed under a path prefix serves GraphiQL that does not follow
 * the prefix. A kind's {@link GraphQlExecution} adjusts the engine and each request, and may run requests on the
 * worker pool.
 */
final class GraphQlRoutes {
    private GraphQlRoutes() {
    }

    static void mount(Router router, GraphQLSchema schema, boolean graphiql, GraphQlExecution execution,
            HostState host) {
        GraphQL engine = execution.engine(GraphQL.newGraphQL(schema)).build();
        GraphQLHandler handler = GraphQLHandler.builder(engine)
                .beforeExecute(request -> execution.request(request.builder())).build();
        if (schema.getSubscriptionType() != null) {
            router.route(HttpMethod.GET, "/graphql").handler(new GraphQlSockets(engine, execution));
        }
        for (HttpMethod method : new HttpMethod[] {HttpMethod.POST, HttpMethod.GET}) {
            if (execution.blocking()) {
                Handler<RoutingContext> counted = new BlockingBusyTime(handler, host);
                router.route(method, "/graphql").blockingHandler(counted, false);
            } else {
                router.route(method, "/graphql").handler(handler);
            }
        }
        if (graphiql) {
            GraphiQlPage.mount(router, schema.getSubscriptionType() != null);
        }
    }
}
