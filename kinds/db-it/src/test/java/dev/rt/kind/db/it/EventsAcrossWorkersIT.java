package dev.rt.kind.db.it;

import static dev.rt.kind.db.it.EventsIT.INIT;
import static dev.rt.kind.db.it.EventsIT.PING;
import static dev.rt.kind.db.it.EventsIT.subscribe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.GraphQlSocket;
import dev.rt.kind.db.testing.TestDatabases;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code db.events} with two workers behind a gateway: a subscriber's socket reaches one worker, the writes are spread
 * over both, and the subscriber hears every one of them exactly once (the other worker's through the supervisor).
 */
@ExtendWith(TestDatabases.class)
class EventsAcrossWorkersIT {
    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"SQLITE", "POSTGRES"})
    void aWriteOnOneWorkerReachesTheSubscribersOfTheOther(Engine engine) throws Exception {
        Catalog catalog = Catalog.of(TestDatabases.fresh(engine), """
                "migrations": {"dir": "migrations", "autoApply": true},
                "db": {"connectionString": "%2$s", "events": true}
                """);
        Files.createDirectories(catalog.runtime().resolveSibling("api"));
        Files.writeString(catalog.runtime().resolveSibling("api/rt.json"), """
                {"$schema": "https://schemas.rt.dev/gateway/1.0.0.json",
                 "gateway": {"applications": [{"id": "catalog", "proxy": {"prefix": "/catalog"}}]}}
                """);
        Files.writeString(catalog.runtime(), """
                {"entrypoint": "api", "server": {"hostname": "127.0.0.1", "port": 0},
                 "services": [{"id": "api", "path": "api"}, {"id": "catalog", "path": "catalog", "workers": 2}]}
                """);
        try (Rt rt = Rt.start(catalog.runtime()).awaitListening();
                GraphQlSocket socket = GraphQlSocket.open(URI.create(rt.url().replace("http:", "ws:")
                        + "/catalog/graphql"), "graphql-transport-ws")) {
            assertThat(socket.send(INIT).next()).isEqualTo(Map.of("type", "connection_ack"));
            socket.send(subscribe("s", "subscription { movieSaved { title } }"));
            assertThat(socket.send(PING).next()).isEqualTo(Map.of("type", "pong"));
            List<String> titles = List.of("One", "Two", "Three", "Four");
            for (String title : titles) {
                assertThat(rt.send("POST", "/catalog/movies", "{\"title\":\"" + title + "\"}").statusCode())
                        .isEqualTo(200);
            }
            List<Object> heard = new ArrayList<>();
            for (int i = 0; i < titles.size(); i++) {
                Map<String, Object> message = socket.next();
                assertThat(message).containsEntry("id", "s").containsEntry("type", "next");
                heard.add(((Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) message.get("payload")).get("data"))
                        .get("movieSaved")).get("title"));
            }
            assertThat(heard).as("the writes of both workers, each once").containsExactlyInAnyOrderElementsOf(titles);
            assertThat(socket.send(PING).next()).as("nothing more").isEqualTo(Map.of("type", "pong"));
        }
    }
}
