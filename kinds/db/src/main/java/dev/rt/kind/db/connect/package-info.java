/**
 * The database a configuration names: its connection string parsed and checked
 * ({@link dev.rt.kind.db.connect.ConnectionString}), the pool opened on it ({@link dev.rt.kind.db.connect.Database})
 * and what differs between the databases rt speaks to ({@link dev.rt.kind.db.connect.Dialect}). A leaf of the
 * kind: it imports no other package of {@code dev.rt.kind.db}, so that the model, the statements and the migrations
 * can all use it.
 */
package dev.rt.kind.db.connect;
