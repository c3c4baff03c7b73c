package dev.rt.kind.db.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.JsonType;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads rows into field-name maps of JSON-ready values: {@code Long} integers, {@code Double} numbers,
 * {@code Boolean}s, parsed JSON ({@code Map}, {@code List}), lists for arrays and strings for the rest. Big integers
 * and decimals are strings, as written by the database; instants are ISO-8601 in UTC with milliseconds
 * ({@code 2024-05-01T10:00:00.000Z}), a timestamp without a zone read as UTC; dates {@code yyyy-MM-dd}.
 */
public final class Rows {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter INSTANT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private Rows() {
    }

    public static List<Map<String, Object>> read(ResultSet rows, List<Field> fields, Dialect dialect)
            throws SQLException {
        List<Map<String, Object>> result = new ArrayList<>();
        int capacity = (int) Math.ceil(fields.size() / 0.75); // no table larger than the row, and no resize
        while (rows.next()) {
            Map<String, Object> row = new LinkedHashMap<>(capacity);
            for (int i = 0; i < fields.size(); i++) {
                row.put(fields.get(i).name(), value(rows, i + 1, fields.get(i), dialect));
            }
            result.add(row);
        }
        return result;
    }

    private static Object value(ResultSet rows, int index, Field field, Dialect dialect) throws SQLException {
        if (field.array()) {
            Array array = rows.getArray(index);
            return array == null ? null : Arrays.stream((Object[]) array.getArray()).map(Rows::plain).toList();
        }
        if (field.jsonType() == JsonType.OBJECT) {
            String text = rows.getString(index);
            return text == null ? null : parseJson(text);
        }
        if (dialect != Dialect.SQLITE) {
            switch (field.temporal()) {
                case TIMESTAMP -> {
                    LocalDateTime value = rows.getObject(index, LocalDateTime.class);
                    return value == null ? null : INSTANT.format(value.toInstant(ZoneOffset.UTC));
                }
                case TIMESTAMP_WITH_ZONE -> {
                    OffsetDateTime value = rows.getObject(index, OffsetDateTime.class);
                    return value == null ? null : INSTANT.format(value.toInstant());
                }
                default -> {
                }
            }
        }
        Object value = rows.getObject(index);
        if (value == null) {
            return null;
        }
        return switch (field.jsonType()) {
            case INTEGER -> value instanceof Number n ? (Object) n.longValue()
                    : value instanceof Boolean b ? (Object) (b ? 1L : 0L) : integerOrText(value.toString());
            case NUMBER -> value instanceof Number ? (Object) Double.parseDouble(rows.getString(index))
                    : numberOrText(value.toString());
            case BOOLEAN -> value instanceof Boolean b ? b : (Object) !(value.toString().equals("0")
                    || value.toString().equalsIgnoreCase("false") || value.toString().equalsIgnoreCase("f"));
            default -> text(value);
        };
    }

    private static Object plain(Object value) {
        if (value instanceof byte[] bytes) {
            return java.util.Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof Number || value instanceof Boolean || value == null) {
            return value;
        }
        return value.toString();
    }

    /** A value of a string field: numbers as JavaScript would write them ({@code 3}, not {@code 3.0}). */
    private static Object text(Object value) {
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if ((value instanceof Double || value instanceof Float) && ((Number) value).doubleValue() == Math.rint(
                ((Number) value).doubleValue()) && Math.abs(((Number) value).doubleValue()) < 1e15) {
            return Long.toString(((Number) value).longValue());
        }
        Object plain = plain(value);
        return plain instanceof Number || plain instanceof Boolean ? plain.toString() : plain;
    }

    private static Object integerOrText(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return text;
        }
    }

    private static Object numberOrText(String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return text;
        }
    }

    static Object parseJson(String text) {
        try {
            return JSON.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            return text;
        }
    }
}
