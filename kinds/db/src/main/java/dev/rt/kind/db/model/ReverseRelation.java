package dev.rt.kind.db.model;

import java.util.Objects;

/**
 * A foreign key seen from the entity it refers to: movies are referred to by {@code quotes.movie_id}.
 *
 * @param source   the singular name of the entity holding the key ({@code quote})
 * @param relation the key, as its holder sees it
 * @param path     the REST path segment under the target: the holder's plural name, or a name that tells the keys
 *                 apart when the holder has several to the same entity
 */
public record ReverseRelation(String source, Relation relation, String path) {
    public ReverseRelation {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(path, "path");
    }
}
