package dev.rt.kind.db.events;

import dev.rt.kind.KindMessaging;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The change events between the workers of one db service: what a worker commits goes to the others as a broadcast
 * ({@link KindMessaging#broadcast}: through the supervisor, to every other started worker of the service, in
 * order), and
 * what arrives from them goes to this worker's listeners. Each change travels as {@code [entity, "saved"|"deleted",
 * key]}, a deletion with the row as it was: {@code [entity, "deleted", key, row]}.
 */
public final class WorkerRelay {
    static final String NAME = "rt.db.events";

    private WorkerRelay() {
    }

    public static void connect(ChangeEvents events, KindMessaging messaging) {
        messaging.onBroadcast(NAME, payload -> events.deliver(changes(payload)));
        events.relayTo(changes -> messaging.broadcast(NAME, json(changes)));
    }

    static List<Object> json(List<Change> changes) {
        List<Object> out = new ArrayList<>();
        for (Change change : changes) {
            String action = change.action() == Change.Action.SAVED ? "saved" : "deleted";
            out.add(change.row().isEmpty() ? List.of(change.entity(), action, change.key())
                    : List.of(change.entity(), action, change.key(), change.row()));
        }
        return out;
    }

    static List<Change> changes(Object payload) {
        List<Change> changes = new ArrayList<>();
        if (payload instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof List<?> change && (change.size() == 3 || change.size() == 4)
                        && change.get(0) instanceof String entity && change.get(2) != null) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    if (change.size() == 4 && change.get(3) instanceof Map<?, ?> values) {
                        values.forEach((name, value) -> row.put(String.valueOf(name), value));
                    }
                    changes.add(new Change(entity, "deleted".equals(change.get(1)) ? Change.Action.DELETED
                            : Change.Action.SAVED, change.get(2), row));
                }
            }
        }
        return changes;
    }
}
