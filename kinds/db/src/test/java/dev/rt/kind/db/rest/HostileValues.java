package dev.rt.kind.db.rest;

import java.util.List;

/** Values written to break out of a quoted SQL string, shared by the REST and GraphQL tests. */
public final class HostileValues {
    public static final List<String> LIST = RestHostileValuesTest.HOSTILE;

    private HostileValues() {
    }
}
