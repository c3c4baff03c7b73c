package dev.rt.cli.client;

/** The introspection query rt sends to a GraphQL endpoint to read its schema. */
public final class GraphQlIntrospection {
    public static final String QUERY = GraphQlReader.INTROSPECTION;

    private GraphQlIntrospection() {
    }
}
