package dev.rt.kind.db.sql;

/**
 * What a caller does with an entity's rows, as {@code authorization.rules} name it: {@code find} (every read, counts
 * included), {@code insert} (a new row), {@code save} (a row changed by its key), {@code updateMany} and
 * {@code delete}.
 */
public enum Operation {
    FIND("find"), INSERT("insert"), SAVE("save"), UPDATE_MANY("updateMany"), DELETE("delete");

    private final String key;

    Operation(String key) {
        this.key = key;
    }

    /** The operation's name in a rule. */
    public String key() {
        return key;
    }
}
