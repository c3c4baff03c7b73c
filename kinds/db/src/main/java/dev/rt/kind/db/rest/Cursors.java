package dev.rt.kind.db.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.InputValues;
import dev.rt.kind.db.sql.OrderBy;
import dev.rt.kind.db.sql.QueryException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Keyset pagination cursors: base64 of a JSON object holding the sort keys' values of a row. A page's
 * {@code X-Start-After} is its last row's cursor, {@code X-End-Before} its first's.
 */
final class Cursors {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern BASE64 = Pattern.compile("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$");

    private final Entity entity;
    private final Dialect dialect;

    Cursors(Entity entity, Dialect dialect) {
        this.entity = entity;
        this.dialect = dialect;
    }

    private static QueryException unparsable(String reason) {
        return QueryException.badRequest("PLT_SQL_OPENAPI_UNABLE_TO_PARSE_CURSOR_STR", "Unable to parse cursor"
                + " string. Make sure to provide valid encoding of cursor object. Error: " + reason);
    }

    /** The position a cursor names, checked against the sort order. */
    Map<Field, Object> decode(String cursor, String parameter, List<OrderBy> orderBy) {
        if (!BASE64.matcher(cursor).matches()) {
            throw QueryException.invalid("querystring/" + parameter + " must match format \"byte\"");
        }
        Object parsed;
        try {
            parsed = JSON.readValue(new String(Base64.getDecoder().decode(cursor), StandardCharsets.UTF_8), Object.class);
        } catch (JsonProcessingException e) {
            throw unparsable(e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw unparsable(e.getMessage());
        }
        if (!(parsed instanceof Map<?, ?> object)) {
            throw QueryException.badRequest("PLT_SQL_OPENAPI_CURSOR_VALIDATION_ERROR", "Cursor validation error.  must be object");
        }
        if (orderBy.isEmpty()) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_MISSING_ORDER_BY_CLAUSE", "Missing orderBy clause");
        }
        Map<Field, Object> position = new LinkedHashMap<>();
        boolean hasKey = false;
        for (Map.Entry<?, ?> entry : object.entrySet()) {
            String name = String.valueOf(entry.getKey());
            Field field = entity.field(name).orElseThrow(() -> QueryException.badRequest(
                    "PLT_SQL_OPENAPI_CURSOR_VALIDATION_ERROR", "Cursor validation error.  must NOT have additional"
                            + " properties (\"" + name + "\" is no field of " + entity.name() + ")"));
            if (orderBy.stream().noneMatch(o -> o.field().equals(field))) {
                throw QueryException.badRequest("PLT_SQL_MAPPER_MISSING_ORDER_BY_FIELD_FOR_CURSOR",
                        "Cursor field(s) " + name + " must be included in orderBy");
            }
            hasKey |= field.primaryKey();
            try {
                position.put(field, InputValues.fromJson(field, entry.getValue(), "/" + name, dialect));
            } catch (QueryException e) {
                throw QueryException.badRequest("PLT_SQL_OPENAPI_CURSOR_VALIDATION_ERROR",
                        "Cursor validation error. " + e.getMessage());
            }
        }
        if (!hasKey) {
            throw QueryException.badRequest("PLT_SQL_MAPPER_MISSING_UNIQUE_FIELD_IN_CURSOR",
                    "Cursor must contain at least one primary key field");
        }
        return position;
    }

    /** The cursor of a row: its values of the sort keys, in the entity's field order. */
    String encode(Map<String, Object> row, List<OrderBy> orderBy) {
        Map<String, Object> cursor = new LinkedHashMap<>();
        boolean hasKey = false;
        for (Field field : entity.fields()) {
            boolean sorted = orderBy.stream().anyMatch(o -> o.field().equals(field));
            if (sorted && row.containsKey(field.name())) {
                cursor.put(field.name(), row.get(field.name()));
                hasKey |= field.primaryKey();
            }
        }
        if (!hasKey) {
            throw QueryException.badRequest("PLT_SQL_OPENAPI_PRIMARY_KEY_NOT_INCLUDED_IN_ORDER_BY_IN_CURSOR_PAGINATION",
                    "At least one primary key must be included in orderBy clause in case of cursor pagination");
        }
        try {
            return Base64.getEncoder().encodeToString(JSON.writeValueAsBytes(cursor));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a row's values are always JSON", e);
        }
    }
}
