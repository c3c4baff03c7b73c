/**
 * The {@code rt db} commands ({@link dev.rt.kind.db.cli.DbCommands}): migrations, seed, types, schema, each run on
 * the configuration file of one service, outside a runtime. They call the application of
 * {@code dev.rt.kind.db.application} and the packages below it; only the kind's root imports this package.
 */
package dev.rt.kind.db.cli;
