package dev.rt.kind.db.rest;

import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.JsonType;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.QueryException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON body for a create or an update, checked against the entity: an object, of known fields only, none of them
 * computed by the database, each value of its field's type, and every required field present (those neither
 * nullable, nor a key, nor an auto-timestamp). An empty string stands for NULL in a nullable field that is not a
 * string. Messages point into the body: {@code body/year must be integer}.
 */
final class BodyReader {
    private BodyReader() {
    }

    static Map<Field, Object> read(Entity entity, Optional<Object> body, Dialect dialect) {
        if (body.isEmpty() || !(body.get() instanceof Map<?, ?> object)) {
            throw QueryException.invalid("body must be object");
        }
        for (Field field : entity.fields()) {
            if (required(field) && !object.containsKey(field.name())) {
                String first = entity.fields().stream().filter(f -> required(f) && !object.containsKey(f.name()))
                        .map(Field::name).sorted().findFirst().orElseThrow();
                throw QueryException.invalid("body must have required property '" + first + "'");
            }
        }
        Map<Field, Object> values = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : object.entrySet()) {
            String name = String.valueOf(entry.getKey());
            Field field = entity.field(name).orElseThrow(() -> QueryException.invalid("body/" + name
                    + " is not a field of " + entity.name() + "; its fields are " + String.join(", ", entity.fieldNames())));
            if (field.generated()) {
                throw QueryException.invalid("body/" + name + " is computed by the database and cannot be written");
            }
            Object value = entry.getValue();
            if (value == null && !field.nullable() && !field.primaryKey()) {
                throw QueryException.invalid("body/" + name + " must be " + field.jsonType().schemaName());
            }
            if ("".equals(value) && field.nullable() && field.jsonType() != JsonType.STRING) {
                value = null;
            }
            values.put(field, InputValues.fromJson(field, value, "body/" + name, dialect));
        }
        return values;
    }

    /** Whether a create must give the field: neither nullable, nor a key, nor an auto-timestamp, nor computed. */
    private static boolean required(Field f) {
        return !f.nullable() && !f.primaryKey() && !f.autoTimestamp() && !f.generated();
    }
}
