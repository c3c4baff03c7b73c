/**
 * The {@code db} application kind: REST and GraphQL from a live SQL schema, migrations, seeds and types.
 * {@link dev.rt.kind.db.DbKind} is the kind SPI's entry: it hands a worker the server of {@code http} and the CLI the
 * commands of {@code cli}, both built on the application of {@code application}. This package assembles the others;
 * none of them imports it.
 */
package dev.rt.kind.db;
