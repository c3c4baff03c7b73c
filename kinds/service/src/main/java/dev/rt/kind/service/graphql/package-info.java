/**
 * GraphQL of a service: {@code service.graphql} ({@link dev.rt.kind.service.graphql.GraphQlSettings}), the one
 * executable schema merged from the parts plugins contribute ({@link dev.rt.kind.service.graphql.GraphQlParts}), how
 * a kind has its requests executed ({@link dev.rt.kind.service.graphql.GraphQlExecution}), GraphiQL, and the routes
 * at {@code /graphql}. GraphQL over HTTP is served as its specification has it, for every kind that serves GraphQL
 * (the {@code service} and {@code db} kinds' {@code /graphql}, a gateway's composed schema):
 * {@link dev.rt.kind.service.graphql.GraphQlHttp} reads the request from a GET's query string or a POST's JSON body,
 * picks the response's media type from {@code Accept}, refuses a mutation sent with GET before it runs and a
 * subscription over plain HTTP, executes the rest on the engine it is given and answers with the status that media
 * type calls for; subscriptions over WebSocket are the {@code ws} package's. It must not know plugins (it takes the
 * parts they contributed), their routes, validation or OpenAPI, nor the service's error handler: its refusals are
 * {@code HttpError}s the router's failure handler answers.
 */
package dev.rt.kind.service.graphql;
