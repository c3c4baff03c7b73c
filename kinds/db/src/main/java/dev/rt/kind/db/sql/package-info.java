/**
 * The statements behind every read and write of the entities, on every dialect: queries with filters, order and
 * cursors ({@link dev.rt.kind.db.sql.FindQuery}, {@link dev.rt.kind.db.sql.WhereSql}), writes with their checks and
 * timestamps ({@link dev.rt.kind.db.sql.EntityQueries}), the authorization rules applied as SQL
 * ({@link dev.rt.kind.db.sql.GuardedQueries}), the transaction around them, and the spans of each statement.
 * {@link dev.rt.kind.db.sql.Entities} is what REST, GraphQL and seeds call. It knows the entity model, the
 * connection's dialect and the constraint messages; never HTTP, REST routes, GraphQL or the kind's settings.
 */
package dev.rt.kind.db.sql;
