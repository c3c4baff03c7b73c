/**
 * The JSON Schema side of configuration: the bundled schema documents of the runtime and of every kind
 * ({@link dev.rt.config.schema.SchemaCatalog}), what the loader does with them (coerce placeholder strings, validate,
 * fill in defaults), the violations it reports and how they are worded, and the {@code $schema} URL with the
 * upgrades between schema versions. The schema documents themselves are resources beside these classes.
 */
package dev.rt.config.schema;
