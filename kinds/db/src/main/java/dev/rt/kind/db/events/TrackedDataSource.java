package dev.rt.kind.db.events;

import dev.rt.kind.db.sql.ChangeSink;
import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A pool whose connections record the rows the entities' statements change ({@link ChangeSink}) and publish them to
 * {@link ChangeEvents} once they are committed: at once in auto-commit mode, at {@code commit()} (or when auto-commit
 * is turned back on) in a transaction; a rollback, to a savepoint or whole, forgets what it undoes, and so does
 * closing a connection with its transaction still open.
 */
public final class TrackedDataSource implements DataSource {
    private final DataSource pool;
    private final ChangeEvents events;

    public TrackedDataSource(DataSource pool, ChangeEvents events) {
        this.pool = pool;
        this.events = events;
    }

    @Override
    public Connection getConnection() throws SQLException {
        return track(pool.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return track(pool.getConnection(username, password));
    }

    private Connection track(Connection connection) {
        return (Connection) Proxy.newProxyInstance(TrackedDataSource.class.getClassLoader(),
                new Class<?>[] {Connection.class, ChangeSink.class}, new TrackedConnection(connection, events));
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return type.isInstance(this) ? type.cast(this) : pool.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || pool.isWrapperFor(type);
    }
}
