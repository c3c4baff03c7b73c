package dev.rt.kind.db.graphql;

import dev.rt.kind.db.sql.Access;
import graphql.GraphQLContext;

/**
 * The access of the caller of one GraphQL execution, worked out from its context by whoever executes it (the server
 * reads the request's user; a test or a command gives one access to all). {@link Fetchers#access} asks once per
 * execution and keeps the answer in the context under {@code Access.class}.
 */
@FunctionalInterface
public interface CallerAccess {
    /** Every right, whatever the context: a service without {@code authorization}. */
    CallerAccess SYSTEM = context -> Access.SYSTEM;

    Access of(GraphQLContext context);
}
