package dev.rt.kind.db.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.RunningApplication;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.events.ChangeEvents;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.GraphQlSocket;
import dev.rt.kind.db.testing.MovieSchema;
import dev.rt.kind.db.testing.RecordingLog;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import dev.rt.kind.testing.TestContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code db.events} on a real server and database: a WebSocket client subscribes to {@code movieSaved} and
 * {@code movieDeleted}, and every write path (REST create, update, update many, delete; GraphQL save, insert, delete)
 * produces exactly its events, a rolled-back write none; closing the socket ends its subscriptions.
 */
@ExtendWith(TestDatabases.class)
class DbEventsTest {
    static final String INIT = "{\"type\":\"connection_init\"}";

    @ParameterizedTest
    @EnumSource(Engine.class)
    void everyCommittedWriteReachesTheSubscribersAndARolledBackOneDoesNot(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        db.execute(MovieSchema.create(engine).toArray(String[]::new));
        try (Served served = Served.start(db, Map.of("events", true));
                GraphQlSocket socket = GraphQlSocket.open(served.ws(), "graphql-transport-ws")) {
            assertThat(socket.subprotocol()).isEqualTo("graphql-transport-ws");
            assertThat(socket.send(INIT).next()).isEqualTo(Map.of("type", "connection_ack"));
            socket.send(subscribe("s", "subscription { movieSaved { id title quotes { quote } } }"));
            socket.send(subscribe("d", "subscription { movieDeleted { id } }"));
            awaitListeners(served.events(), 2);

            assertThat(served.call("POST", "/movies", "{\"title\":\"Alien\",\"year\":1979}")).contains("\"id\":\"1\"");
            assertThat(socket.next()).isEqualTo(next("s", Map.of("movieSaved",
                    Map.of("id", "1", "title", "Alien", "quotes", List.of()))));
            served.call("PUT", "/movies/1?fields=title", "{\"title\":\"Alien (1979)\"}");
            assertThat(socket.next()).isEqualTo(saved("1", "Alien (1979)"));
            served.graphql("mutation { insertMovies(inputs: [{title: \"Aliens\"}, {title: \"Alien 3\"}]) { title } }");
            assertThat(List.of(socket.next(), socket.next())).containsExactly(saved("2", "Aliens"),
                    saved("3", "Alien 3"));
            served.graphql("mutation { saveMovie(input: {id: 2, title: \"Aliens (1986)\"}) { id } }");
            assertThat(socket.next()).isEqualTo(saved("2", "Aliens (1986)"));
            served.call("PUT", "/movies?where.id.in=1,2&fields=year", "{\"title\":\"Both\"}");
            assertThat(List.of(socket.next(), socket.next())).containsExactlyInAnyOrder(saved("1", "Both"),
                    saved("2", "Both"));

            String failed = served.graphql("mutation { insertMovies(inputs: [{title: \"Kept?\"}, {year: 1}]) { id } }");
            assertThat(failed).contains("errors");
            assertThat(served.call("GET", "/movies?where.title.eq=Kept%3F", null)).as("rolled back").isEqualTo("[]");
            served.call("DELETE", "/movies/3?fields=title", null);
            assertThat(socket.next()).as("nothing from the rolled-back insert, then the delete")
                    .isEqualTo(next("d", Map.of("movieDeleted", Map.of("id", "3"))));
            served.graphql("mutation { deleteMovies(where: {title: {eq: \"Both\"}}) { title } }");
            assertThat(List.of(socket.next(), socket.next())).containsExactlyInAnyOrder(
                    next("d", Map.of("movieDeleted", Map.of("id", "1"))),
                    next("d", Map.of("movieDeleted", Map.of("id", "2"))));
            assertThat(socket.pending()).isEmpty();

            socket.send("{\"id\":\"s\",\"type\":\"complete\"}");
            awaitListeners(served.events(), 1);
            socket.close();
            awaitListeners(served.events(), 0);
        }
    }

    static String subscribe(String id, String query) {
        return "{\"id\":\"" + id + "\",\"type\":\"subscribe\",\"payload\":{\"query\":\"" + query.replace("\"", "\\\"")
                + "\"}}";
    }

    static Map<String, Object> next(String id, Map<String, Object> data) {
        return Map.of("id", id, "type", "next", "payload", Map.of("data", data));
    }

    private static Map<String, Object> saved(String id, String title) {
        return next("s", Map.of("movieSaved", Map.of("id", id, "title", title, "quotes", List.of())));
    }

    /** Waits until the service has this many listeners: the socket's threads register and drop them. */
    static void awaitListeners(ChangeEvents events, int expected) throws InterruptedException {
        if (!events.awaitListeners(expected, Duration.ofSeconds(30))) {
            throw new AssertionError("expected " + expected + " listeners, still " + events.listeners() + " after 30 s");
        }
    }

    /** A db service served in this JVM, with its application at hand. */
    record Served(DbApplication app, RunningApplication server) implements AutoCloseable {
        static Served start(TestDatabase db, Map<String, Object> dbSection) {
            return start(db, dbSection, Map.of());
        }

        /** @param sections the configuration's other top-level sections ({@code authorization}) */
        static Served start(TestDatabase db, Map<String, Object> dbSection, Map<String, Object> sections) {
            Map<String, Object> section = new java.util.HashMap<>(dbSection);
            section.put("connectionString", db.connectionString());
            Map<String, Object> configuration = new java.util.HashMap<>(sections);
            configuration.put("db", section);
            DbSettings settings = DbSettings.of(configuration, db.directory());
            DbApplication app = DbApplication.open(settings, "the service \"catalog\"", new RecordingLog());
            return new Served(app, DbServer.start(new TestContext(db.directory(), configuration,
                    json(configuration), Map.of()), app));
        }

        private static String json(Map<String, Object> configuration) {
            try {
                return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(configuration);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        ChangeEvents events() {
            return app.events().orElseThrow();
        }

        URI ws() {
            return URI.create("ws://127.0.0.1:" + server.port() + "/graphql");
        }

        String call(String method, String path, String body) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                    .timeout(Duration.ofSeconds(30));
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("content-type", "application/json").method(method,
                        HttpRequest.BodyPublishers.ofString(body));
            }
            HttpResponse<String> response = HttpClient.newHttpClient().send(request.build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.body();
        }

        String graphql(String query) throws Exception {
            return call("POST", "/graphql", "{\"query\":\"" + query.replace("\"", "\\\"") + "\"}");
        }

        @Override
        public void close() {
            server.stop(Duration.ofSeconds(10));
        }
    }
}
