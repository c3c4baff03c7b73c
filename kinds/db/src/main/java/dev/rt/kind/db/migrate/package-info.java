/**
 * Migrations ({@code db.migrations}): the numbered do/undo SQL files of a folder, applied up or down to a version
 * under a lock shared by the workers ({@link dev.rt.kind.db.migrate.Migrator}), statements split as each database
 * reads them ({@link dev.rt.kind.db.migrate.ScriptSplitter}), the versions kept in a table of the database. It knows
 * the connection and JDBC; never the entity model, REST or GraphQL.
 */
package dev.rt.kind.db.migrate;
