/**
 * The GraphQL API of the entities: the schema made of the entity model ({@link dev.rt.kind.db.graphql.DbGraphQL},
 * its types, scalars and filter arguments), the fetchers that answer it over the statements of
 * {@code dev.rt.kind.db.sql} with batched relation loads, and the change subscriptions fed by
 * {@code dev.rt.kind.db.events}. It knows no HTTP server (the kind's {@code http} package serves it), no REST.
 */
package dev.rt.kind.db.graphql;
