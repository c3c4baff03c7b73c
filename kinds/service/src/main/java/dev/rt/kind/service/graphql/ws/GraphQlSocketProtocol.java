package dev.rt.kind.service.graphql.ws;

import java.util.Arrays;
import java.util.Optional;

/**
 * The two WebSocket subprotocols of GraphQL subscriptions, and the names each gives the same messages:
 * {@code graphql-transport-ws} (the {@code graphql-ws} library, GraphiQL) and the older {@code graphql-ws}
 * (subscriptions-transport-ws).
 */
enum GraphQlSocketProtocol {
    TRANSPORT_WS("graphql-transport-ws", "subscribe", "complete", "next"),
    LEGACY_WS("graphql-ws", "start", "stop", "data");

    final String name;
    /** What a client sends to start an operation, and to stop one. */
    final String subscribe;
    final String stop;
    /** What the server sends with each result. */
    final String next;

    GraphQlSocketProtocol(String name, String subscribe, String stop, String next) {
        this.name = name;
        this.subscribe = subscribe;
        this.stop = stop;
        this.next = next;
    }

    static Optional<GraphQlSocketProtocol> named(String name) {
        return Arrays.stream(values()).filter(p -> p.name.equals(name)).findFirst();
    }

    /** The first protocol of a {@code Sec-WebSocket-Protocol} header that is one of these. */
    static Optional<GraphQlSocketProtocol> offered(String header) {
        if (header == null) {
            return Optional.empty();
        }
        return Arrays.stream(header.split(",")).map(String::trim).map(GraphQlSocketProtocol::named)
                .flatMap(Optional::stream).findFirst();
    }
}
