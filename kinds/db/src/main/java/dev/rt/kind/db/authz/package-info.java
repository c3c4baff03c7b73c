/**
 * The db kind's {@code authorization.rules}: read and checked against the entities at start ({@link RulebookReader}),
 * then, per request, the rule of the caller's roles merged as the reference merges them ({@link RoleMerge}) and
 * turned into each operation's {@link dev.rt.kind.db.sql.Permission} ({@link UserAccess}). It knows the entity model,
 * the SQL layer's conditions and the {@link dev.rt.auth.User}; it must not know HTTP, REST or GraphQL: those hand it
 * the caller and apply what it permits through {@link dev.rt.kind.db.sql.GuardedQueries}.
 */
package dev.rt.kind.db.authz;
