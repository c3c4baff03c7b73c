package dev.rt.kind.db.events;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pooled connection of a {@link TrackedDataSource}: every call goes to the connection, and the changes its
 * statements report wait for the transaction's end. Used by one thread at a time, as a JDBC connection is.
 */
final class TrackedConnection implements InvocationHandler {
    private final Connection connection;
    private final ChangeEvents events;
    private final List<Change> pending = new ArrayList<>();
    private final Map<Savepoint, Integer> savepoints = new IdentityHashMap<>();

    TrackedConnection(Connection connection, ChangeEvents events) {
        this.connection = connection;
        this.events = events;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "changed" -> {
                changed((String) args[0], (Boolean) args[1], (List<?>) args[2], (List<?>) args[3]);
                return null;
            }
            case "equals" -> {
                return proxy == args[0];
            }
            case "hashCode" -> {
                return System.identityHashCode(proxy);
            }
            case "commit" -> {
                connection.commit();
                flush();
                return null;
            }
            case "rollback" -> {
                return rollback(args);
            }
            case "setSavepoint" -> {
                Savepoint savepoint = (Savepoint) call(method, args);
                savepoints.put(savepoint, pending.size());
                return savepoint;
            }
            case "setAutoCommit" -> {
                boolean wasOff = !connection.getAutoCommit();
                connection.setAutoCommit((Boolean) args[0]);
                if (wasOff && (Boolean) args[0]) {
                    flush(); // turning auto-commit on commits the open transaction
                }
                return null;
            }
            case "close" -> {
                pending.clear(); // the pool rolls back what was left open
                savepoints.clear();
                connection.close();
                return null;
            }
            default -> {
                return call(method, args);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void changed(String entity, boolean deleted, List<?> keys, List<?> rows) throws java.sql.SQLException {
        Change.Action action = deleted ? Change.Action.DELETED : Change.Action.SAVED;
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            changes.add(new Change(entity, action, keys.get(i),
                    i < rows.size() ? (Map<String, Object>) rows.get(i) : Map.of()));
        }
        if (connection.getAutoCommit()) {
            events.publish(changes);
        } else {
            pending.addAll(changes);
        }
    }

    private Object rollback(Object[] args) throws java.sql.SQLException {
        if (args == null || args.length == 0) {
            connection.rollback();
            pending.clear();
            savepoints.clear();
        } else {
            Savepoint savepoint = (Savepoint) args[0];
            connection.rollback(savepoint);
            Integer mark = savepoints.get(savepoint);
            if (mark != null && mark < pending.size()) {
                pending.subList(mark, pending.size()).clear();
            }
        }
        return null;
    }

    private void flush() {
        List<Change> committed = List.copyOf(pending);
        pending.clear();
        savepoints.clear();
        events.publish(committed);
    }

    private Object call(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(connection, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
