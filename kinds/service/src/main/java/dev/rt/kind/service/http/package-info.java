/**
 * The HTTP side of a service's server that is not its routes, from its {@code server} settings: the settings
 * themselves ({@link dev.rt.kind.service.http.ServerSettings}), the pipeline every request meets first (forwarded
 * headers, span, id and log entries, CORS as {@code dev.rt.kind.cors} decides it, timeout, body limit), the body
 * parser of routes, the health route, and static assets served from jars. It must not know plugins, routes,
 * validation rules, OpenAPI or GraphQL.
 */
package dev.rt.kind.service.http;
