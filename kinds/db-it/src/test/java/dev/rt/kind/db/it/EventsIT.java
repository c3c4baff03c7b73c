package dev.rt.kind.db.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.GraphQlSocket;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code db.events} in the distribution: {@code rt start} on a service with events, a WebSocket client subscribed
 * through the entrypoint, and each committed write (REST create and delete, a GraphQL mutation) reaching it exactly
 * once, a rolled-back GraphQL insert never.
 */
@ExtendWith(TestDatabases.class)
class EventsIT {
    static final String INIT = "{\"type\":\"connection_init\"}";
    static final String PING = "{\"type\":\"ping\"}";

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void subscribersThroughTheEntrypointGetEachCommittedWrite(Engine engine) throws Exception {
        Catalog catalog = Catalog.of(TestDatabases.fresh(engine), """
                "migrations": {"dir": "migrations", "autoApply": true},
                "db": {"connectionString": "%2$s", "events": true}
                """);
        try (Rt rt = Rt.start(catalog.runtime()).awaitListening();
                GraphQlSocket socket = GraphQlSocket.open(URI.create(rt.url().replace("http:", "ws:") + "/graphql"),
                        "graphql-transport-ws")) {
            assertThat(socket.send(INIT).next()).isEqualTo(Map.of("type", "connection_ack"));
            socket.send(subscribe("s", "subscription { movieSaved { id title quotes { quote } } }"));
            socket.send(subscribe("d", "subscription { movieDeleted { id } }"));
            assertThat(socket.send(PING).next()).as("both subscriptions listen").isEqualTo(Map.of("type", "pong"));

            assertThat(rt.send("POST", "/movies", "{\"title\":\"Alien: Romulus\",\"year\":2024}").body())
                    .contains("\"id\":\"4\"");
            assertThat(socket.next()).isEqualTo(next("s", Map.of("movieSaved",
                    Map.of("id", "4", "title", "Alien: Romulus", "quotes", List.of()))));
            rt.send("POST", "/graphql", "{\"query\":\"mutation { saveMovie(input: {id: 1, title: \\\"Alien (1979)\\\"})"
                    + " { id } }\"}");
            assertThat(socket.next()).isEqualTo(next("s", Map.of("movieSaved", Map.of("id", "1", "title",
                    "Alien (1979)", "quotes", List.of(Map.of("quote", "In space no one can hear you scream."))))));
            String failed = rt.send("POST", "/graphql", "{\"query\":\"mutation { insertMovies(inputs: [{title:"
                    + " \\\"Kept?\\\"}, {year: 1}]) { id } }\"}").body();
            assertThat(failed).contains("errors");
            assertThat(rt.send(HttpRequest.newBuilder(URI.create(rt.url() + "/movies/4")).DELETE()).statusCode())
                    .isEqualTo(200);
            assertThat(socket.next()).as("nothing from the rolled-back insert, then the delete")
                    .isEqualTo(next("d", Map.of("movieDeleted", Map.of("id", "4"))));
            assertThat(rt.get("/movies?where.title.eq=Kept%3F").body()).isEqualTo("[]");
            assertThat(socket.send(PING).next()).isEqualTo(Map.of("type", "pong"));
        }
    }

    static String subscribe(String id, String query) {
        return "{\"id\":\"" + id + "\",\"type\":\"subscribe\",\"payload\":{\"query\":\"" + query.replace("\"", "\\\"")
                + "\"}}";
    }

    static Map<String, Object> next(String id, Map<String, Object> data) {
        return Map.of("id", id, "type", "next", "payload", Map.of("data", data));
    }
}
