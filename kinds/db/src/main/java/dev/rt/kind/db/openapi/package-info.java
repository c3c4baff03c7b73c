/**
 * The OpenAPI document of the entities' REST API ({@link dev.rt.kind.db.openapi.OpenApiDocument}): schemas of the
 * entities, their operations and parameters, made from the entity model alone. It knows neither the statements nor
 * the routes that answer it.
 */
package dev.rt.kind.db.openapi;
