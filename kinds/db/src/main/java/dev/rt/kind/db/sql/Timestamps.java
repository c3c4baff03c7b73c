package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Temporal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;

/**
 * Fills in the auto-timestamp fields: on create the created and updated ones, on update the updated one, with the
 * current instant to the millisecond, bound as the column's type (UTC) or, on SQLite, as ISO-8601 text.
 */
final class Timestamps {
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final Optional<Field> created;
    private final Optional<Field> updated;
    private final Dialect dialect;

    Timestamps(Entity entity, Dialect dialect) {
        this.dialect = dialect;
        this.created = entity.fields().stream().filter(f -> f.stamp() == Field.Stamp.CREATED).findFirst();
        this.updated = entity.fields().stream().filter(f -> f.stamp() == Field.Stamp.UPDATED).findFirst();
    }

    void onCreate(Map<Field, Object> row) {
        Instant now = now();
        created.ifPresent(f -> row.put(f, value(f, now)));
        updated.ifPresent(f -> row.put(f, value(f, now)));
    }

    void onUpdate(Map<Field, Object> row) {
        Instant now = now();
        updated.ifPresent(f -> row.put(f, value(f, now)));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private Object value(Field field, Instant now) {
        if (dialect == Dialect.SQLITE || field.temporal() == Temporal.NONE) {
            return ISO.format(now);
        }
        if (field.temporal() == Temporal.TIMESTAMP_WITH_ZONE) {
            return OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
        }
        return now.atOffset(ZoneOffset.UTC).toLocalDateTime();
    }
}
