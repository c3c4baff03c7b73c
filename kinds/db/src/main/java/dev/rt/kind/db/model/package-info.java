/**
 * The entity model: the catalog of a live database read into tables, columns and keys
 * ({@link dev.rt.kind.db.model.CatalogReader}, one reader per database), and the entities, fields and relations
 * made of them ({@link dev.rt.kind.db.model.EntityModelBuilder}, {@link dev.rt.kind.db.model.EntityModel}), with
 * their names, JSON types and automatic timestamps. It knows JDBC's metadata and the dialect; never how a
 * statement for the entities is written, nor REST, GraphQL or OpenAPI.
 */
package dev.rt.kind.db.model;
