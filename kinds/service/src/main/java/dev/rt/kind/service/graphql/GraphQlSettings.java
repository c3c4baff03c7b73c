package dev.rt.kind.service.graphql;

import dev.rt.kind.service.config.ConfigValues;

/** {@code service.graphql}: {@code true}, or {@code {"graphiql": true}} to also serve GraphiQL at /graphiql. */
public record GraphQlSettings(boolean enabled, boolean graphiql) {
    public static final GraphQlSettings OFF = new GraphQlSettings(false, false);

    /** @param enabledByDefault what an absent value means */
    public static GraphQlSettings from(Object value, boolean enabledByDefault) {
        if (value == null) {
            return enabledByDefault ? new GraphQlSettings(true, true) : OFF;
        }
        if (value instanceof Boolean enabled) {
            return enabled ? new GraphQlSettings(true, false) : OFF;
        }
        return new GraphQlSettings(true, ConfigValues.flag(ConfigValues.object(value), "graphiql", false));
    }
}
