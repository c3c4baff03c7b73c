package dev.rt.kind.db.http;

import static dev.rt.kind.db.http.DbEventsTest.INIT;
import static dev.rt.kind.db.http.DbEventsTest.awaitListeners;
import static dev.rt.kind.db.http.DbEventsTest.next;
import static dev.rt.kind.db.http.DbEventsTest.subscribe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.db.http.DbEventsTest.Served;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.GraphQlSocket;
import dev.rt.kind.db.testing.MovieSchema;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.http.WebSocketHandshakeException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The WebSocket protocol around the subscriptions: the older {@code graphql-ws} subprotocol, queries over the socket,
 * and what breaks the protocol (an unknown subscription, a malformed message, an operation before
 * {@code connection_init}, an id in use, no subprotocol), each answered clearly and none leaving a listener behind.
 */
@ExtendWith(TestDatabases.class)
class DbEventsProtocolTest {
    private static Served served;

    @BeforeAll
    static void serve() {
        TestDatabase db = TestDatabases.fresh(Engine.SQLITE);
        db.execute(MovieSchema.create(Engine.SQLITE).toArray(String[]::new));
        served = Served.start(db, Map.of("events", true));
    }

    @AfterEach
    void noListenerIsLeft() throws InterruptedException {
        awaitListeners(served.events(), 0);
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void theOlderGraphqlWsSubprotocolStartsAndStopsSubscriptions() throws Exception {
        try (GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-ws")) {
            assertThat(socket.subprotocol()).isEqualTo("graphql-ws");
            assertThat(socket.send(INIT).next()).isEqualTo(Map.of("type", "connection_ack"));
            socket.send("{\"id\":\"1\",\"type\":\"start\",\"payload\":{\"query\":\"subscription { actorSaved { name } }\"}}");
            awaitListeners(served.events(), 1);
            served.call("POST", "/actors", "{\"name\":\"Sigourney Weaver\"}");
            assertThat(socket.next()).isEqualTo(Map.of("id", "1", "type", "data", "payload",
                    Map.of("data", Map.of("actorSaved", Map.of("name", "Sigourney Weaver")))));
            socket.send("{\"id\":\"1\",\"type\":\"stop\"}");
            awaitListeners(served.events(), 0);
        }
    }

    @Test
    void anUnknownSubscriptionIsAnErrorOfItsOperationAndTheSocketGoesOn() throws Exception {
        try (GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            socket.send(INIT).next();
            socket.send(subscribe("1", "subscription { nope { id } }"));
            Map<String, Object> error = socket.next();
            assertThat(error).containsEntry("id", "1").containsEntry("type", "error");
            assertThat(error.get("payload").toString()).contains("nope").contains("Subscription");
            socket.send(subscribe("2", "{ countMovies { total } }"));
            assertThat(List.of(socket.next(), socket.next())).containsExactly(
                    next("2", Map.of("countMovies", Map.of("total", 0))), Map.of("id", "2", "type", "complete"));
            assertThat(served.events().listeners()).isZero();
        }
    }

    @Test
    void aMalformedMessageClosesTheSocketWith4400() throws Exception {
        try (GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            socket.send(INIT).next();
            socket.send(subscribe("1", "subscription { movieSaved { id } }"));
            awaitListeners(served.events(), 1);
            socket.send("{not json");
            assertThat(socket.closeCode()).isEqualTo(4400);
            awaitListeners(served.events(), 0);
        }
        try (GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            socket.send(INIT).next();
            socket.send("{\"type\":\"bogus\"}");
            assertThat(socket.closeCode()).isEqualTo(4400);
        }
    }

    @Test
    void anOperationBeforeConnectionInitIs4401AndAnIdInUse4409() throws Exception {
        try (GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            socket.send(subscribe("1", "subscription { movieSaved { id } }"));
            assertThat(socket.closeCode()).isEqualTo(4401);
        }
        try (GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            socket.send(INIT).next();
            socket.send(subscribe("1", "subscription { movieSaved { id } }"));
            socket.send(subscribe("1", "subscription { movieDeleted { id } }"));
            assertThat(socket.closeCode()).isEqualTo(4409);
            awaitListeners(served.events(), 0);
        }
    }

    @Test
    void introspectionShowsTheSubscriptions() throws Exception {
        String answer = served.graphql("{ __schema { subscriptionType { fields { name args { name } } } } }");
        assertThat(answer).contains("{\"name\":\"movieSaved\",\"args\":[]}",
                "{\"name\":\"movieDeleted\",\"args\":[]}").doesNotContain("moviesActor");
    }

    @Test
    void graphiqlSubscribesOverTheSocket() throws Exception {
        assertThat(served.call("GET", "/graphiql/", null)).contains("\"graphQLWSEnabled\":true")
                .contains("\"graphQLWSUri\":\"/graphql\"");
    }

    @Test
    void aSocketWithoutAGraphqlSubprotocolIsRefused() {
        assertThatThrownBy(() -> GraphQlSocket.open(served.ws(), "chat").close())
                .hasCauseInstanceOf(WebSocketHandshakeException.class)
                .cause().satisfies(e -> {
                    var response = ((WebSocketHandshakeException) e).getResponse();
                    assertThat(response.statusCode()).isEqualTo(400);
                    assertThat(String.valueOf(response.body())).contains("graphql-transport-ws")
                            .contains("offered \\\"chat\\\"");
                });
    }
}
