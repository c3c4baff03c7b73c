package dev.rt.kind.db.model;

import java.util.Objects;

/** The columns rt fills in itself: {@code createdAt} on create, {@code updatedAt} on every write. */
public record AutoTimestamp(String createdAt, String updatedAt) {
    public static final AutoTimestamp DEFAULT = new AutoTimestamp("created_at", "updated_at");

    public AutoTimestamp {
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }
}
