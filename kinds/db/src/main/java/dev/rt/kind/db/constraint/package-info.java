/**
 * What a database's error means for a client of the entities, the same on SQLite, PostgreSQL and MariaDB: a broken
 * constraint ({@link dev.rt.kind.db.constraint.Violation}, read from each driver's report) becomes a stable code, a
 * 4xx status ({@link dev.rt.kind.db.constraint.ConstraintKind}) and a message in the entities' words, naming the
 * relation of a foreign key ({@link dev.rt.kind.db.constraint.Violations}); the driver's own message loses its
 * prefixes ({@link dev.rt.kind.db.constraint.DriverMessage}). It knows the entity model and JDBC, never how a
 * statement is written or run, nor REST or GraphQL.
 */
package dev.rt.kind.db.constraint;
