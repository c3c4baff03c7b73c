package dev.rt.kind.db.model;

/** Whether a column holds a date, a time of day or an instant, which changes how values are read and bound. */
public enum Temporal {
    NONE, DATE, TIME, TIMESTAMP, TIMESTAMP_WITH_ZONE
}
