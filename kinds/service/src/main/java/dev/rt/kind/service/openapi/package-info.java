/**
 * {@code service.openapi} (and a kind's equivalent): the OpenAPI 3.1 document built from the routes' definitions,
 * merged into a kind's own document when it has one, served as JSON and YAML with Swagger UI. It reads route
 * definitions; it must not know plugins, how routes are mounted, or GraphQL.
 */
package dev.rt.kind.service.openapi;
