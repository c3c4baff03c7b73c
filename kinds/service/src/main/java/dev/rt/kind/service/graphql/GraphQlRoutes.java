package dev.rt.kind.service.graphql;

import dev.rt.kind.service.busy.LoopBusyTime;
import dev.rt.kind.service.graphql.ws.GraphQlSockets;
import dev.rt.kind.service.http.BodyParser;
import graphql.GraphQL;
import graphql.schema.GraphQLSchema;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /graphql} (a JSON body, parsed as a plugin route's is) and {@code GET /graphql?query=} on graphql-java,
 * as GraphQL over HTTP has them ({@link GraphQlHttp}); for a schema with subscriptions, WebSockets at
 * {@code /graphql} ({@link GraphQlSockets}); and with {@code graphiql}, the GraphiQL page at {@code /graphiql/} from
 * the bundle in vertx-web-graphql's jar. The bundle queries the origin's {@code /graphql}: a service exposed under a
 * path prefix serves GraphiQL that does not follow the prefix. A kind's {@link GraphQlExecution} adjusts the engine
 * and each request, and may run requests on the worker pool.
 */
public final class GraphQlRoutes {
    private GraphQlRoutes() {
    }

    public static void mount(Router router, GraphQLSchema schema, boolean graphiql, GraphQlExecution execution,
            LoopBusyTime busy) {
        GraphQL engine = execution.engine(GraphQL.newGraphQL(schema)).build();
        GraphQlHttp handler = new GraphQlHttp(engine, execution::request);
        if (schema.getSubscriptionType() != null) {
            router.route(HttpMethod.GET, "/graphql")
                    .handler(new GraphQlSockets(engine, execution.blocking(), execution::request));
        }
        router.route(HttpMethod.POST, "/graphql").handler(BodyParser.INSTANCE);
        for (HttpMethod method : new HttpMethod[] {HttpMethod.POST, HttpMethod.GET}) {
            if (execution.blocking()) {
                Handler<RoutingContext> counted = busy.blocking(handler);
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
