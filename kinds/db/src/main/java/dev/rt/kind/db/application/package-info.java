/**
 * One db service's application, assembled: its settings read from the configuration
 * ({@link dev.rt.kind.db.application.DbSettings}), and, from a database, the entity model, the statements, REST,
 * GraphQL, OpenAPI and the change events built once ({@link dev.rt.kind.db.application.DbApplication}), with the
 * schema lock that pins the model. The kind's server ({@code http}), its commands ({@code cli}) and its root use it;
 * it imports none of them.
 */
package dev.rt.kind.db.application;
