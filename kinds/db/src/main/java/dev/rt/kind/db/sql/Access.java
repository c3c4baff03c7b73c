package dev.rt.kind.db.sql;

import dev.rt.kind.db.model.Entity;

/**
 * Who runs a statement, as the SQL layer sees it: what the caller may do with an entity's rows. {@link #SYSTEM} may
 * do everything (a service without {@code authorization}, a seed, a plugin that says so); the db kind's rules give
 * every other caller an access of its own ({@code dev.rt.kind.db.authz}). {@link GuardedQueries} applies it to every
 * statement.
 */
@FunctionalInterface
public interface Access {
    /** Everything, on every entity: no rule applies. */
    Access SYSTEM = (entity, operation) -> Permission.ALL;

    /**
     * What the caller may do with the rows of {@code entity} in this operation.
     *
     * @throws QueryException {@code RT_DB_AUTH_UNAUTHORIZED}, 401 for a caller without credentials and 403 for a
     *                        known one, when it may not at all
     */
    Permission permit(Entity entity, Operation operation);
}
