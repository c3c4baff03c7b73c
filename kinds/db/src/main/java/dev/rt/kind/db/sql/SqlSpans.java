package dev.rt.kind.db.sql;

import dev.rt.kind.KindSpan;
import dev.rt.kind.db.connect.ConnectionString;
import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.util.Locale;

/**
 * The SQL spans of a traced db service: while a request's work runs on a thread ({@link #begin}), each statement
 * prepared there ({@link Statements}) is a CLIENT span, child of the request's span, from its preparation to its
 * close, named and attributed after OpenTelemetry's database conventions ({@link SqlSpan}). The work of one request
 * (a REST route's, a GraphQL query's with its relation loaders) runs on the one worker thread that serves it. Without
 * a traced request on the thread, a statement is returned as prepared: when no request was ever traced in this JVM,
 * after a single branch.
 */
public final class SqlSpans {
    private static final ThreadLocal<SqlSpans> CURRENT = new ThreadLocal<>();
    private static final Runnable NOTHING = () -> { };
    private static boolean anyTraced; // written on the thread that then reads it; other threads only later

    private final KindSpan request;
    private final Database database;

    /**
     * The {@code db.system} and {@code db.namespace} of a service's database, and for a database server its
     * {@code server.address} and {@code server.port} ("" and 0 for SQLite).
     */
    public record Database(String system, String namespace, String address, int port) {
        public Database(String system, String namespace) {
            this(system, namespace, "", 0);
        }

        /** {@code sqlite} (the file's name), {@code postgresql}, {@code mariadb}, {@code mysql} (the database's). */
        public static Database of(ConnectionString connection) {
            String url = connection.jdbcUrl();
            return switch (connection.dialect()) {
                case SQLITE -> new Database("sqlite", connection.inMemory() ? ":memory:"
                        : String.valueOf(connection.sqliteFile().getFileName()));
                case POSTGRES -> server("postgresql", url);
                case MARIADB -> server("mariadb", url);
                case MYSQL -> server("mysql", url);
            };
        }

        /** {@code jdbc:postgresql://host:port/name?options}, as {@link ConnectionString} writes it. */
        private static Database server(String system, String jdbcUrl) {
            int start = jdbcUrl.indexOf("://") + 3;
            int slash = jdbcUrl.indexOf('/', start);
            int query = jdbcUrl.indexOf('?', slash);
            String hostPort = jdbcUrl.substring(start, slash);
            int colon = hostPort.lastIndexOf(':');
            String host = colon < 0 || hostPort.lastIndexOf(']') > colon ? hostPort : hostPort.substring(0, colon);
            int port = colon < 0 || hostPort.lastIndexOf(']') > colon ? 0 : Integer.parseInt(hostPort.substring(colon + 1));
            return new Database(system, jdbcUrl.substring(slash + 1, query < 0 ? jdbcUrl.length() : query),
                    host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port);
        }
    }

    private SqlSpans(KindSpan request, Database database) {
        this.request = request;
        this.database = database;
    }

    /**
     * Statements prepared on this thread from now on are children of {@code request} (nothing changes when it is
     * not recorded); the returned action, run on this thread once the request's work is done, ends that. A thread
     * serves one request at a time: the next request's {@code begin} replaces what one that never ended left.
     */
    public static Runnable begin(KindSpan request, Database database) {
        if (!request.isRecording()) {
            return NOTHING;
        }
        anyTraced = true;
        CURRENT.set(new SqlSpans(request, database));
        return CURRENT::remove;
    }

    /** {@code statement}, recorded as a span of the request whose work runs on this thread, if any. */
    static PreparedStatement traced(PreparedStatement statement, Sql sql) {
        if (!anyTraced) {
            return statement;
        }
        SqlSpans current = CURRENT.get();
        return current == null ? statement : current.record(statement, sql.text());
    }

    private PreparedStatement record(PreparedStatement statement, String text) {
        SqlSpan summary = SqlSpan.of(text);
        KindSpan span = request.child(summary.name(), KindSpan.Kind.CLIENT);
        if (!span.isRecording()) {
            return statement;
        }
        span.attribute("db.system", database.system());
        if (!database.namespace().isEmpty()) {
            span.attribute("db.namespace", database.namespace());
        }
        if (!database.address().isEmpty()) {
            span.attribute("server.address", database.address());
            span.attribute("server.port", database.port());
        }
        span.attribute("db.query.text", text);
        span.attribute("db.operation.name", summary.operation());
        summary.table().ifPresent(table -> span.attribute("db.collection.name", table));
        return (PreparedStatement) Proxy.newProxyInstance(SqlSpans.class.getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, new TracedStatement(statement, span));
    }

    static String upper(String word) {
        return word.toUpperCase(Locale.ROOT);
    }
}
