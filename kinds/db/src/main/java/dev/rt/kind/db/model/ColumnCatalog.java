package dev.rt.kind.db.model;

import dev.rt.kind.db.connect.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/** A database's own catalogue: the columns of a table as that database names their types, and its foreign keys. */
interface ColumnCatalog {

    static ColumnCatalog of(Dialect dialect) {
        return switch (dialect) {
            case SQLITE -> new SqliteCatalog();
            case POSTGRES -> new PostgresCatalog();
            case MARIADB, MYSQL -> new MySqlCatalog(dialect);
        };
    }

    /** The table's columns in their declared order. */
    List<ColumnInfo> read(Connection connection, String table, List<String> primaryKey) throws SQLException;

    /** The table's single-column foreign keys. */
    default List<ForeignKeyInfo> foreignKeys(Connection connection, String catalog, String schema, String table)
            throws SQLException {
        return CatalogReader.foreignKeys(connection.getMetaData(), catalog, schema, table);
    }

    /** {@code VARCHAR(255)} → {@code varchar}: the type's name, lower case, without its size or precision. */
    static String typeName(String declared) {
        String name = declared == null ? "" : declared.trim();
        int paren = name.indexOf('(');
        if (paren >= 0) {
            name = name.substring(0, paren).trim();
        }
        return name.toLowerCase(Locale.ROOT);
    }
}
