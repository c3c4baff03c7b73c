package dev.rt.kind.db.model;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's catalogue: each column's type by its catalogue name ({@code int4}, {@code timestamptz}), arrays by
 * their element type, enumerations with their labels in order, generated and identity columns.
 */
final class PostgresCatalog implements ColumnCatalog {
    private static final String COLUMNS = """
            SELECT a.attname AS name,
                   CASE WHEN t.typcategory = 'A' THEN e.typname ELSE t.typname END AS type,
                   t.typcategory = 'A' AS is_array,
                   NOT a.attnotnull AS nullable,
                   a.attgenerated <> '' AS generated,
                   a.atthasdef OR a.attidentity <> '' AS has_default,
                   (SELECT array_agg(l.enumlabel::text ORDER BY l.enumsortorder) FROM pg_enum l
                     WHERE l.enumtypid = CASE WHEN t.typcategory = 'A' THEN e.oid ELSE t.oid END) AS labels
              FROM pg_attribute a
              JOIN pg_class c ON c.oid = a.attrelid
              JOIN pg_namespace n ON n.oid = c.relnamespace
              JOIN pg_type t ON t.oid = a.atttypid
              LEFT JOIN pg_type e ON e.oid = t.typelem
             WHERE n.nspname = current_schema() AND c.relname = ? AND a.attnum > 0 AND NOT a.attisdropped
             ORDER BY a.attnum""";

    @Override
    public List<ColumnInfo> read(Connection connection, String table, List<String> primaryKey) throws SQLException {
        List<ColumnInfo> columns = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(COLUMNS)) {
            statement.setString(1, table);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String type = rows.getString("type");
                    Array labels = rows.getArray("labels");
                    List<String> values = labels == null ? List.of() : List.of((String[]) labels.getArray());
                    columns.add(new ColumnInfo(rows.getString("name"), type, rows.getBoolean("nullable"),
                            rows.getBoolean("generated"), rows.getBoolean("has_default"), rows.getBoolean("is_array"),
                            values, type.equals("json") || type.equals("jsonb")));
                }
            }
        }
        return List.copyOf(columns);
    }
}
