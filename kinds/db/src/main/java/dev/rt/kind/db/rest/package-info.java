/**
 * The REST API of the entities: the routes of each entity, its key and its relations
 * ({@link dev.rt.kind.db.rest.RestRoutes}), the query parameters they read (filters, order, fields, cursors) and
 * the JSON they answer ({@link dev.rt.kind.db.rest.RestResponse}), over the statements of
 * {@code dev.rt.kind.db.sql}. A route is a plain object of requests and responses: it knows no HTTP server (the
 * kind's {@code http} package serves it) and no GraphQL.
 */
package dev.rt.kind.db.rest;
