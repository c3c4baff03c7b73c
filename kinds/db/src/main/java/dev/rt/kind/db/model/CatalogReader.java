package dev.rt.kind.db.model;

import dev.rt.kind.db.connect.Dialect;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Reads the tables and views of the connection's current schema (PostgreSQL), database (MySQL family) or main
 * database (SQLite). Tables, views, primary keys, foreign keys and unique indexes come from JDBC's
 * {@link DatabaseMetaData}; the columns from each database's own catalogue ({@link ColumnCatalog}), which alone tells
 * a type's real name, an array, an enumeration's values or a JSON column.
 */
public final class CatalogReader {
    private CatalogReader() {
    }

    /** Every table and view, sorted by name. */
    public static List<TableInfo> read(DataSource dataSource, Dialect dialect) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            DatabaseMetaData meta = connection.getMetaData();
            String catalog = dialect.isMySqlFamily() ? connection.getCatalog() : null;
            String schema = dialect == Dialect.POSTGRES ? connection.getSchema() : null;
            Map<String, Boolean> tables = new TreeMap<>();
            try (ResultSet rows = meta.getTables(catalog, schema, "%", new String[] {"TABLE", "VIEW"})) {
                while (rows.next()) {
                    String name = rows.getString("TABLE_NAME");
                    if (!(dialect == Dialect.SQLITE && name.toLowerCase(Locale.ROOT).startsWith("sqlite_"))) {
                        tables.put(name, "VIEW".equalsIgnoreCase(rows.getString("TABLE_TYPE")));
                    }
                }
            }
            ColumnCatalog columns = ColumnCatalog.of(dialect);
            List<TableInfo> result = new ArrayList<>();
            for (Map.Entry<String, Boolean> table : tables.entrySet()) {
                String name = table.getKey();
                boolean view = table.getValue();
                List<String> primaryKey = view ? List.of() : primaryKey(meta, catalog, schema, name);
                result.add(new TableInfo(name, view, columns.read(connection, name, primaryKey), primaryKey,
                        view ? List.of() : columns.foreignKeys(connection, catalog, schema, name),
                        view ? List.of() : unique(meta, catalog, schema, name, primaryKey)));
            }
            return List.copyOf(result);
        }
    }

    private static List<String> primaryKey(DatabaseMetaData meta, String catalog, String schema, String table)
            throws SQLException {
        Map<Integer, String> columns = new TreeMap<>();
        try (ResultSet rows = meta.getPrimaryKeys(catalog, schema, table)) {
            while (rows.next()) {
                columns.put(rows.getInt("KEY_SEQ"), rows.getString("COLUMN_NAME"));
            }
        }
        return List.copyOf(columns.values());
    }

    /** Single-column foreign keys, grouped by constraint name; a composite key relates no one field to another. */
    static List<ForeignKeyInfo> foreignKeys(DatabaseMetaData meta, String catalog, String schema, String table)
            throws SQLException {
        Map<String, List<ForeignKeyInfo>> byConstraint = new LinkedHashMap<>();
        try (ResultSet rows = meta.getImportedKeys(catalog, schema, table)) {
            while (rows.next()) {
                byConstraint.computeIfAbsent(rows.getString("FK_NAME"), k -> new ArrayList<>()).add(new ForeignKeyInfo(
                        rows.getString("FKCOLUMN_NAME"), rows.getString("PKTABLE_NAME"), rows.getString("PKCOLUMN_NAME")));
            }
        }
        return singleColumn(byConstraint.values());
    }

    static List<ForeignKeyInfo> singleColumn(java.util.Collection<List<ForeignKeyInfo>> constraints) {
        List<ForeignKeyInfo> single = new ArrayList<>();
        constraints.stream().filter(parts -> parts.size() == 1).forEach(parts -> single.add(parts.get(0)));
        single.sort(java.util.Comparator.comparing(ForeignKeyInfo::column));
        return List.copyOf(single);
    }

    /** Columns with a unique index of their own, other than the primary key's. */
    private static List<String> unique(DatabaseMetaData meta, String catalog, String schema, String table,
            List<String> primaryKey) throws SQLException {
        Map<String, List<String>> byIndex = new TreeMap<>();
        try (ResultSet rows = meta.getIndexInfo(catalog, schema, table, true, false)) {
            while (rows.next()) {
                String index = rows.getString("INDEX_NAME");
                String column = rows.getString("COLUMN_NAME");
                if (index != null && column != null && !rows.getBoolean("NON_UNIQUE")) {
                    byIndex.computeIfAbsent(index, k -> new ArrayList<>()).add(column);
                }
            }
        }
        List<String> unique = new ArrayList<>();
        for (List<String> columns : byIndex.values()) {
            if (columns.size() == 1 && !columns.equals(primaryKey) && !unique.contains(columns.get(0))) {
                unique.add(columns.get(0));
            }
        }
        return List.copyOf(unique);
    }
}
