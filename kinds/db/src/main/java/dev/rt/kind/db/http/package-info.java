/**
 * The db kind's server: the service kind's server ({@link dev.rt.kind.db.http.DbServer}) with a REST plugin and the
 * GraphQL endpoint (its subscriptions included), the callers' identities and the spans of SQL statements. It
 * joins the service kind to the application of {@code dev.rt.kind.db.application}; nothing of the kind but its
 * root imports it.
 */
package dev.rt.kind.db.http;
