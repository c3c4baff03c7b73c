package dev.rt.kind.db.events;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A committed change to one row of an entity with a single-column primary key.
 *
 * @param entity the entity's singular name ({@code movie})
 * @param key    the row's primary key as a JSON value (a number or a string), as it travels between workers
 * @param row    a deleted row's fields as they were, JSON values by field name (the subscriptions of a caller with
 *               checks judge it); empty for a saved row, which is read again
 */
public record Change(String entity, Action action, Object key, Map<String, Object> row) {
    public Change {
        row = row == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(row));
    }

    /** A change without the row. */
    public Change(String entity, Action action, Object key) {
        this(entity, action, key, Map.of());
    }

    /** What happened to the row. */
    public enum Action {
        SAVED, DELETED
    }
}
