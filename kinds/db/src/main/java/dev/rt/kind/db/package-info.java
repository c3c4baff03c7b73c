/**
 * The {@code db} application kind: REST and GraphQL from a live SQL schema, migrations, seeds and types.
 */
package dev.rt.kind.db;
