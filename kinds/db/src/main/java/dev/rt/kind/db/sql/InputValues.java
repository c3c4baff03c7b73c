package dev.rt.kind.db.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.rt.kind.db.connect.Dialect;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.model.Temporal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks a value given for a field (in a query string, a JSON body or a GraphQL argument) against the field's type
 * and turns it into the value to bind. A value of the wrong type is refused with a message that names where it was
 * given: {@code querystring/where.year.eq must be integer}. Coercions are those of a JSON Schema validator that
 * coerces types: {@code "1979"} is the integer 1979, {@code 12} the string {@code "12"}.
 */
public final class InputValues {
    private static final Pattern INTEGER = Pattern.compile("-?\\d+");

    private InputValues() {
    }

    /** A value of a JSON body or a GraphQL argument. */
    public static Object fromJson(Field field, Object value, String where, Dialect dialect) {
        if (value == null) {
            return null;
        }
        if (field.array()) {
            if (!(value instanceof List<?> list)) {
                throw QueryException.invalid(where + " must be array");
            }
            List<Object> elements = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                elements.add(scalar(field, list.get(i), where + "/" + i, dialect));
            }
            return new SqlArray(field.sqlType(), elements);
        }
        if (field.json()) {
            if (value instanceof Map<?, ?> || value instanceof List<?>) {
                try {
                    return Rows.JSON.writeValueAsString(value);
                } catch (JsonProcessingException e) {
                    throw QueryException.invalid(where + " must be object");
                }
            }
            throw QueryException.invalid(where + " must be object");
        }
        return scalar(field, value, where, dialect);
    }

    /** A value of a query string, for a field whose type is not a list. */
    public static Object fromText(Field field, String text, String where, Dialect dialect) {
        if (field.json()) {
            return text;
        }
        return scalar(field, text, where, dialect);
    }

    /** A value for {@code like}: a pattern, whatever the field's type. */
    public static String pattern(Object value, String where) {
        if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        throw QueryException.invalid(where + " must be string");
    }

    static Object scalar(Field field, Object value, String where, Dialect dialect) {
        if (value == null) {
            return null;
        }
        if (value instanceof Map<?, ?> || value instanceof List<?>) {
            throw QueryException.invalid(where + " must be " + field.jsonType().schemaName());
        }
        return switch (field.jsonType()) {
            case INTEGER -> integer(value, where);
            case NUMBER -> number(value, where);
            case BOOLEAN -> bool(value, where);
            default -> string(field, value.toString(), where, dialect);
        };
    }

    private static Long integer(Object value, String where) {
        if (value instanceof Number n && !(value instanceof Double || value instanceof Float || value instanceof BigDecimal)) {
            return n.longValue();
        }
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                && Math.abs(n.doubleValue()) < 9.0e15) {
            return n.longValue();
        }
        if (value instanceof String s && INTEGER.matcher(s.trim()).matches() && s.trim().length() < 19) {
            return Long.parseLong(s.trim());
        }
        throw QueryException.invalid(where + " must be integer");
    }

    private static Double number(Object value, String where) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value instanceof String s) {
            try {
                double d = Double.parseDouble(s.trim());
                if (Double.isFinite(d) && !s.isBlank()) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw QueryException.invalid(where + " must be number");
    }

    private static Boolean bool(Object value, String where) {
        if (value instanceof Boolean b) {
            return b;
        }
        String s = value.toString();
        if (s.equals("true") || s.equals("1")) {
            return true;
        }
        if (s.equals("false") || s.equals("0")) {
            return false;
        }
        throw QueryException.invalid(where + " must be boolean");
    }

    /**
     * A string, bound as the column's own type where that matters: big integers and decimals as numbers (checked
     * here), instants as date-times on the MySQL family (which refuses the ISO zone suffix).
     */
    private static Object string(Field field, String text, String where, Dialect dialect) {
        switch (field.sqlType()) {
            case "bigint", "int8", "bigserial" -> {
                if (!INTEGER.matcher(text.trim()).matches()) {
                    throw QueryException.invalid(where + " must be an integer (given as a string)");
                }
                return new BigInteger(text.trim()).bitLength() < 64 ? (Object) Long.parseLong(text.trim())
                        : new BigDecimal(text.trim());
            }
            case "decimal", "numeric" -> {
                try {
                    return new BigDecimal(text.trim());
                } catch (NumberFormatException e) {
                    throw QueryException.invalid(where + " must be a decimal number (given as a string)");
                }
            }
            default -> {
            }
        }
        if (dialect.isMySqlFamily() && field.temporal() == Temporal.TIMESTAMP) {
            return dateTime(text);
        }
        return text;
    }

    private static Object dateTime(String text) {
        try {
            return OffsetDateTime.parse(text).atZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(text);
            } catch (DateTimeParseException notIso) {
                return text;
            }
        }
    }
}
