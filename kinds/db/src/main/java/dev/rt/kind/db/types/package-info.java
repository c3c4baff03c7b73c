/**
 * The entity model as source code for callers ({@code rt db types}): a Java record per entity and an
 * {@code EntityTypes} class ({@link dev.rt.kind.db.types.JavaTypes}), or TypeScript declarations
 * ({@link dev.rt.kind.db.types.TypeScriptTypes}), written to a directory by {@link dev.rt.kind.db.types.TypesWriter}.
 * It reads the model only; it knows no database, statement, REST or GraphQL.
 */
package dev.rt.kind.db.types;
