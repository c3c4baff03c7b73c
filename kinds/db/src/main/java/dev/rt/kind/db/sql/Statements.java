package dev.rt.kind.db.sql;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * Prepares a statement from a {@link Sql} piece, binding each value by its Java type; within a traced request, the
 * statement is recorded as a span ({@link SqlSpans}).
 */
final class Statements {
    private Statements() {
    }

    static PreparedStatement prepare(Connection connection, Sql sql) throws SQLException {
        return SqlSpans.traced(bound(connection, sql, connection.prepareStatement(sql.text())), sql);
    }

    /**
     * Whether numbers with a fraction go as text, for the server to read as the column's type: PostgreSQL compares
     * a {@code real} column with a double parameter after widening the column (8.4 as a real is 8.3999996), and
     * with text read as a real it compares like for like.
     */
    private static boolean fractionsAsText(Connection connection) throws SQLException {
        return connection.getMetaData().getURL().startsWith("jdbc:postgresql:");
    }

    /** A statement whose generated keys can be read after it ran. */
    static PreparedStatement prepareReturningKeys(Connection connection, Sql sql) throws SQLException {
        return SqlSpans.traced(bound(connection, sql, connection.prepareStatement(sql.text(),
                java.sql.Statement.RETURN_GENERATED_KEYS)), sql);
    }

    private static PreparedStatement bound(Connection connection, Sql sql, PreparedStatement statement)
            throws SQLException {
        try {
            List<Object> params = sql.params();
            boolean fractionsAsText = params.stream().anyMatch(Double.class::isInstance) && fractionsAsText(connection);
            for (int i = 0; i < params.size(); i++) {
                bind(connection, statement, i + 1, params.get(i), fractionsAsText);
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    private static void bind(Connection connection, PreparedStatement statement, int index, Object value,
            boolean fractionsAsText) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof Long v) {
            statement.setLong(index, v);
        } else if (value instanceof Integer v) {
            statement.setLong(index, v);
        } else if (value instanceof Double v) {
            if (fractionsAsText) {
                statement.setString(index, v.toString());
            } else {
                statement.setDouble(index, v);
            }
        } else if (value instanceof BigDecimal v) {
            statement.setBigDecimal(index, v);
        } else if (value instanceof Boolean v) {
            statement.setBoolean(index, v);
        } else if (value instanceof String v) {
            statement.setString(index, v);
        } else if (value instanceof SqlArray array) {
            statement.setArray(index, connection.createArrayOf(array.elementType(), array.elements().toArray()));
        } else {
            statement.setObject(index, value);
        }
    }
}
