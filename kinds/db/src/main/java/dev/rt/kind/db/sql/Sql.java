package dev.rt.kind.db.sql;

import dev.rt.kind.db.connect.Dialect;
import java.util.ArrayList;
import java.util.List;

/**
 * A piece of SQL and the values bound to its {@code ?} markers, built up in order. Values only ever go in as bound
 * parameters; identifiers only through {@link Dialect#quote}; the rest is rt's own fixed text.
 */
public final class Sql {
    private final StringBuilder text = new StringBuilder();
    private final List<Object> params = new ArrayList<>();

    /** Fixed SQL text of rt's own. */
    public Sql raw(String sql) {
        text.append(sql);
        return this;
    }

    /** A {@code ?} marker bound to the value ({@code null}, a JDK value, or a {@link SqlArray}). */
    public Sql bind(Object value) {
        text.append('?');
        params.add(value);
        return this;
    }

    public Sql append(Sql other) {
        text.append(other.text);
        params.addAll(other.params);
        return this;
    }

    /** The parts, separated by {@code separator}. */
    public static Sql join(List<Sql> parts, String separator) {
        Sql joined = new Sql();
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) {
                joined.raw(separator);
            }
            joined.append(parts.get(i));
        }
        return joined;
    }

    public boolean isEmpty() {
        return text.length() == 0;
    }

    public String text() {
        return text.toString();
    }

    public List<Object> params() {
        return java.util.Collections.unmodifiableList(params);
    }

    @Override
    public String toString() {
        return text + " " + params;
    }
}
