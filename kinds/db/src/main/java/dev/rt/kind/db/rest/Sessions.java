package dev.rt.kind.db.rest;

import dev.rt.kind.db.sql.QueryException;
import dev.rt.kind.db.sql.SqlFailures;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Runs one request's statements on a pooled connection, a database error becoming a {@link QueryException}. */
final class Sessions {
    /** Statements on a connection. */
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private Sessions() {
    }

    static <T> T run(DataSource dataSource, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw SqlFailures.of(e);
        }
    }

    /** A route's handler that answers every failure with an error body, never an exception. */
    static dev.rt.kind.db.rest.RestRoute.Handler guarded(dev.rt.kind.db.rest.RestRoute.Handler handler) {
        return request -> {
            try {
                return handler.handle(request);
            } catch (QueryException e) {
                return RestResponse.error(e);
            } catch (RuntimeException e) {
                return RestResponse.error(new QueryException(500, "RT_DB_ERROR",
                        e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        };
    }
}
