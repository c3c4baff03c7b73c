package dev.rt.kind.db.model;

import java.util.Objects;

/**
 * A foreign key seen from the entity that holds it: {@code quotes.movie_id} refers to {@code movies.id}.
 *
 * @param field        the holding entity's field ({@code movieId})
 * @param target       the singular name of the entity referred to ({@code movie})
 * @param targetField  the field referred to, in that entity ({@code id})
 * @param path         the REST path segment under the holder: the column without {@code _id} ({@code movie})
 * @param graphqlField the GraphQL field that replaces {@code field} on the holder's type ({@code movie})
 */
public record Relation(String field, String target, String targetField, String path, String graphqlField) {
    public Relation {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetField, "targetField");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(graphqlField, "graphqlField");
    }
}
