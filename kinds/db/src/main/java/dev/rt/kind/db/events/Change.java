package dev.rt.kind.db.events;

/**
 * A committed change to one row of an entity with a single-column primary key.
 *
 * @param entity the entity's singular name ({@code movie})
 * @param key    the row's primary key as a JSON value (a number or a string), as it travels between workers
 */
public record Change(String entity, Action action, Object key) {
    /** What happened to the row. */
    public enum Action {
        SAVED, DELETED
    }
}
