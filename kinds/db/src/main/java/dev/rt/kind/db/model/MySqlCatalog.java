package dev.rt.kind.db.model;

import dev.rt.kind.db.connect.Dialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MySQL family's {@code information_schema}: types by {@code DATA_TYPE}, enumerations from {@code COLUMN_TYPE},
 * generated columns from {@code EXTRA}. MariaDB stores JSON as {@code LONGTEXT} checked by {@code json_valid}: those
 * checks tell which columns hold JSON.
 */
final class MySqlCatalog implements ColumnCatalog {
    private static final Pattern ENUM_VALUE = Pattern.compile("'((?:[^']|'')*)'");

    private final Dialect dialect;

    MySqlCatalog(Dialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public List<ColumnInfo> read(Connection connection, String table, List<String> primaryKey) throws SQLException {
        Set<String> json = dialect == Dialect.MARIADB ? jsonChecked(connection, table) : Set.of();
        List<ColumnInfo> columns = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT COLUMN_NAME, DATA_TYPE, IS_NULLABLE,"
                + " COLUMN_TYPE, EXTRA, COLUMN_DEFAULT FROM information_schema.COLUMNS"
                + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION")) {
            statement.setString(1, table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String name = rows.getString("COLUMN_NAME");
                    String type = rows.getString("DATA_TYPE").toLowerCase(Locale.ROOT);
                    String extra = rows.getString("EXTRA") == null ? "" : rows.getString("EXTRA").toUpperCase(Locale.ROOT);
                    String defaultValue = rows.getString("COLUMN_DEFAULT");
                    boolean hasDefault = (defaultValue != null && !defaultValue.equals("NULL"))
                            || extra.contains("AUTO_INCREMENT");
                    columns.add(new ColumnInfo(name, type, "YES".equals(rows.getString("IS_NULLABLE")),
                            extra.contains("GENERATED"), hasDefault, false,
                            type.equals("enum") ? enumValues(rows.getString("COLUMN_TYPE")) : List.of(),
                            type.equals("json") || json.contains(name)));
                }
            }
        }
        return List.copyOf(columns);
    }

    private static Set<String> jsonChecked(Connection connection, String table) {
        Set<String> columns = new HashSet<>();
        try (PreparedStatement statement = connection.prepareStatement("SELECT CONSTRAINT_NAME FROM"
                + " information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ?"
                + " AND CHECK_CLAUSE LIKE 'json_valid(%'")) {
            statement.setString(1, table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    columns.add(rows.getString(1));
                }
            }
        } catch (SQLException e) {
            // an older server without CHECK_CONSTRAINTS: no column is known to hold JSON
        }
        return columns;
    }

    private static List<String> enumValues(String columnType) {
        List<String> values = new ArrayList<>();
        Matcher m = ENUM_VALUE.matcher(columnType);
        while (m.find()) {
            values.add(m.group(1).replace("''", "'"));
        }
        return List.copyOf(values);
    }
}
