/**
 * The composed OpenAPI document of a gateway: each application's document fetched and checked
 * ({@link dev.rt.kind.gateway.openapi.DocumentFetcher}, {@link dev.rt.kind.gateway.openapi.DocumentCheck}), its rules
 * applied (renamed fields and responses, paths left out: {@link dev.rt.kind.gateway.openapi.DocumentRules}), the
 * documents merged under their prefixes ({@link dev.rt.kind.gateway.openapi.Composition}) and served with Swagger UI.
 * It works on documents alone: it knows neither the gateway's settings nor its routing table.
 */
package dev.rt.kind.gateway.openapi;
