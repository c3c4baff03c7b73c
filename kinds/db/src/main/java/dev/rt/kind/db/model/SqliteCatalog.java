package dev.rt.kind.db.model;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SQLite's catalogue, read through its table-valued pragmas. Types are the declared names ({@code TIMESTAMP} stays
 * {@code timestamp}, where JDBC would say VARCHAR); a primary key column is never nullable, whatever SQLite reports
 * for an {@code INTEGER PRIMARY KEY}; an {@code INTEGER PRIMARY KEY} is filled in by SQLite (the rowid).
 */
final class SqliteCatalog implements ColumnCatalog {

    @Override
    public List<ColumnInfo> read(Connection connection, String table, List<String> primaryKey) throws SQLException {
        List<ColumnInfo> columns = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid")) {
            statement.setString(1, table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String type = ColumnCatalog.typeName(rows.getString("type"));
                    boolean pk = rows.getInt("pk") > 0;
                    int hidden = rows.getInt("hidden");
                    boolean rowid = pk && primaryKey.size() == 1 && type.equals("integer");
                    columns.add(new ColumnInfo(rows.getString("name"), type, rows.getInt("notnull") == 0 && !pk,
                            hidden == 2 || hidden == 3, rows.getString("dflt_value") != null || rowid, false,
                            List.of(), type.equals("json")));
                }
            }
        }
        return List.copyOf(columns);
    }

    @Override
    public List<ForeignKeyInfo> foreignKeys(Connection connection, String catalog, String schema, String table)
            throws SQLException {
        Map<Integer, List<ForeignKeyInfo>> byConstraint = new LinkedHashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq")) {
            statement.setString(1, table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String foreignTable = rows.getString("table");
                    String to = rows.getString("to");
                    byConstraint.computeIfAbsent(rows.getInt("id"), k -> new ArrayList<>()).add(new ForeignKeyInfo(
                            rows.getString("from"), foreignTable, to != null ? to : implicitKey(connection, foreignTable)));
                }
            }
        }
        return CatalogReader.singleColumn(byConstraint.values());
    }

    /** {@code REFERENCES movies} without a column refers to the primary key of {@code movies}. */
    private static String implicitKey(Connection connection, String table) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT name FROM pragma_table_info(?) WHERE pk = 1")) {
            statement.setString(1, table);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? rows.getString(1) : "rowid";
            }
        }
    }
}
