/**
 * GraphQL over HTTP, as the GraphQL-over-HTTP specification has it, for every kind that serves GraphQL (the
 * {@code service} and {@code db} kinds' {@code /graphql}, a gateway's composed schema):
 * {@link dev.rt.kind.service.graphql.GraphQlHttp} reads the request from a GET's query string or a POST's JSON body,
 * picks the response's media type from {@code Accept}, refuses a mutation sent with GET before it runs and a
 * subscription over plain HTTP, executes the rest on the engine it is given and answers with the status that media
 * type calls for. It owns the HTTP contract only: it knows nothing of a kind's schema, resolvers or server, nor of
 * the service's router or error handler (its refusals are {@code HttpError}s the router's failure handler answers).
 */
package dev.rt.kind.service.graphql;
