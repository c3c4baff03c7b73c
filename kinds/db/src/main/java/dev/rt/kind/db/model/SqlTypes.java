package dev.rt.kind.db.model;

import java.util.Map;

/**
 * How a column's type name maps to the API: its JSON type, its GraphQL scalar and whether it is temporal. The same
 * names cover the three databases: PostgreSQL's catalogue names ({@code int4}, {@code float8}), the MySQL family's
 * ({@code int}, {@code double}) and SQLite's declared names. A type not listed is a string.
 */
public final class SqlTypes {
    private static final Map<String, JsonType> JSON = Map.ofEntries(
            Map.entry("int", JsonType.INTEGER), Map.entry("integer", JsonType.INTEGER),
            Map.entry("tinyint", JsonType.INTEGER), Map.entry("smallint", JsonType.INTEGER),
            Map.entry("int2", JsonType.INTEGER), Map.entry("int4", JsonType.INTEGER),
            Map.entry("integer unsigned", JsonType.INTEGER), Map.entry("bigint unsigned", JsonType.INTEGER),
            Map.entry("bool", JsonType.BOOLEAN), Map.entry("real", JsonType.NUMBER), Map.entry("float8", JsonType.NUMBER),
            Map.entry("double", JsonType.NUMBER), Map.entry("double precision", JsonType.NUMBER),
            Map.entry("float4", JsonType.NUMBER));

    private static final Map<String, String> GRAPHQL = Map.ofEntries(
            Map.entry("int", "Int"), Map.entry("integer", "Int"), Map.entry("tinyint", "Boolean"),
            Map.entry("smallint", "Int"), Map.entry("int2", "Int"), Map.entry("int4", "Int"),
            Map.entry("bool", "Boolean"), Map.entry("real", "Float"), Map.entry("float8", "Float"),
            Map.entry("double", "Float"), Map.entry("double precision", "Float"), Map.entry("float4", "Float"),
            Map.entry("date", "Date"), Map.entry("time", "Time"), Map.entry("timetz", "Time"),
            Map.entry("timestamp", "DateTime"), Map.entry("timestamptz", "DateTime"), Map.entry("uuid", "ID"),
            Map.entry("json", "JSONObject"), Map.entry("jsonb", "JSONObject"));

    private SqlTypes() {
    }

    public static JsonType json(String sqlType, boolean holdsJson) {
        return holdsJson ? JsonType.OBJECT : JSON.getOrDefault(sqlType, JsonType.STRING);
    }

    /** The GraphQL scalar's name: {@code Int}, {@code Float}, {@code String}, {@code Boolean}, {@code ID}, ... */
    public static String graphql(String sqlType, boolean holdsJson) {
        return holdsJson ? "JSONObject" : GRAPHQL.getOrDefault(sqlType, "String");
    }

    public static Temporal temporal(String sqlType) {
        return switch (sqlType) {
            case "date" -> Temporal.DATE;
            case "time", "timetz" -> Temporal.TIME;
            case "timestamp", "datetime" -> Temporal.TIMESTAMP;
            case "timestamptz" -> Temporal.TIMESTAMP_WITH_ZONE;
            default -> Temporal.NONE;
        };
    }
}
