package dev.rt.kind.db.sql;

import dev.rt.kind.KindSpan;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A prepared statement whose span ends when it is closed (after its rows were read); a statement that fails to
 * execute fails its span with its SQLSTATE, never with the driver's message, which may quote the values.
 */
final class TracedStatement implements InvocationHandler {
    private final PreparedStatement statement;
    private final KindSpan span;
    private boolean ended;

    TracedStatement(PreparedStatement statement, KindSpan span) {
        this.statement = statement;
        this.span = span;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        try {
            return method.invoke(statement, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (name.startsWith("execute") && !ended) {
                String state = cause instanceof SQLException sql ? sql.getSQLState() : null;
                if (state != null) {
                    span.attribute("db.response.status_code", state);
                }
                span.attribute("error.type", state != null ? state : cause.getClass().getName());
                span.fail(state != null ? "SQLSTATE " + state : cause.getClass().getName());
            }
            throw cause;
        } finally {
            if (name.equals("close") && !ended) {
                ended = true;
                span.end();
            }
        }
    }
}
