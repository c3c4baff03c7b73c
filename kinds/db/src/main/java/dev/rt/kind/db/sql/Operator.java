package dev.rt.kind.db.sql;

import java.util.Arrays;
import java.util.Optional;

/** The comparison operators of {@code where.<field>.<op>} and of GraphQL's where arguments. */
public enum Operator {
    EQ("eq"), NEQ("neq"), GT("gt"), GTE("gte"), LT("lt"), LTE("lte"), LIKE("like"), ILIKE("ilike"), IN("in"),
    NIN("nin"), CONTAINS("contains"), CONTAINED("contained"), OVERLAPS("overlaps"), ANY("any"), ALL("all"),
    IS_NULL("isNull");

    private final String key;

    Operator(String key) {
        this.key = key;
    }

    /** The operator's name in a query string or a GraphQL argument. */
    public String key() {
        return key;
    }

    public static Optional<Operator> of(String key) {
        return Arrays.stream(values()).filter(o -> o.key.equals(key)).findFirst();
    }

    /** Takes a list of values: {@code in}, {@code nin}, and the array comparisons. */
    public boolean takesList() {
        return this == IN || this == NIN || this == CONTAINS || this == CONTAINED || this == OVERLAPS;
    }

    /** Only for array columns (and only on PostgreSQL, the one database with them). */
    public boolean forArrays() {
        return this == CONTAINS || this == CONTAINED || this == OVERLAPS || this == ANY || this == ALL;
    }

    /** The SQL of a plain comparison. */
    String sql() {
        return switch (this) {
            case EQ -> "=";
            case NEQ -> "<>";
            case GT -> ">";
            case GTE -> ">=";
            case LT -> "<";
            case LTE -> "<=";
            default -> throw new IllegalStateException(key + " is not a plain comparison");
        };
    }
}
