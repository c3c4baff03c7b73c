/**
 * GraphQL over WebSocket at {@code /graphql}, for a schema with subscriptions: the {@code graphql-transport-ws}
 * protocol and the older {@code graphql-ws}, one session per socket, each operation's results streamed as they
 * come. It knows the engine it is given and how to execute on it; it must not know how the schema was made, the
 * service's settings, routes or plugins.
 */
package dev.rt.kind.service.graphql.ws;
