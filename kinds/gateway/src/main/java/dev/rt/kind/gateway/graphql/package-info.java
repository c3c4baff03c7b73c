/**
 * GraphQL composition, in a worker of the gateway: {@link dev.rt.kind.gateway.graphql.ComposedGraphQl} reads the
 * schema of each application with {@code graphql} by introspection ({@link dev.rt.kind.gateway.graphql.SchemaFetch}),
 * in the background until each has answered, merges them ({@link dev.rt.kind.gateway.graphql.SchemaMerge}) into an
 * engine ({@link dev.rt.kind.gateway.graphql.ComposedSchema}) that {@link dev.rt.kind.gateway.graphql.GraphQlEndpoint}
 * serves at {@code /graphql}, and answers each root field by sending the part of the query under it to the
 * application that has it ({@link dev.rt.kind.gateway.graphql.RootFieldForwarder},
 * {@link dev.rt.kind.gateway.graphql.ForwardedQuery}).
 */
package dev.rt.kind.gateway.graphql;
