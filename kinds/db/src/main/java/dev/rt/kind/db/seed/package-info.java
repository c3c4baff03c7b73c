/**
 * {@code rt db seed}: compiles a seed file in memory ({@link dev.rt.kind.db.seed.SeedCompiler}, javac's errors
 * naming file and line) and calls its {@code seed(Entities, DataSource, KindLog)}
 * ({@link dev.rt.kind.db.seed.SeedRunner}). It knows the entities' statements and the kind SPI's log; never the
 * command line that calls it, nor HTTP.
 */
package dev.rt.kind.db.seed;
