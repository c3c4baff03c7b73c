package dev.rt.kind.db.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.model.Entity;
import dev.rt.kind.db.model.Field;
import dev.rt.kind.db.sql.Entities;
import dev.rt.kind.db.sql.EntityQueries;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.MovieSchema;
import dev.rt.kind.db.testing.RecordingLog;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A plugin writing through the entities, in transactions of its own: what it commits is published once committed,
 * what it rolls back (whole, or to a savepoint) and what it leaves open when it closes the connection never is.
 */
@ExtendWith(TestDatabases.class)
class TrackedConnectionTest {
    @ParameterizedTest
    @EnumSource(Engine.class)
    void onlyCommittedRowsArePublishedAndOnlyAfterTheCommit(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        db.execute(MovieSchema.create(engine).toArray(String[]::new));
        DbSettings settings = DbSettings.of(Map.of("db", Map.of("connectionString", db.connectionString(),
                "events", true)), db.directory());
        try (DbApplication app = DbApplication.open(settings, "the service \"catalog\"", new RecordingLog())) {
            BlockingQueue<Object> saved = new LinkedBlockingQueue<>();
            app.events().orElseThrow().listen("movie", Change.Action.SAVED, saved::add);
            Entities entities = app.entities();
            Entity movie = entities.model().require("movie");
            EntityQueries queries = entities.queries(movie);
            Field title = movie.require("title");
            List<Object> published = new ArrayList<>();

            Object first = entities.save("movie", Map.of("title", "Alien")).get("id");
            published.add(saved.poll(30, TimeUnit.SECONDS));
            try (Connection connection = entities.dataSource().getConnection()) {
                connection.setAutoCommit(false);
                queries.insert(connection, Map.of(title, "rolled back"), List.of(title));
                connection.rollback();
                Map<String, Object> kept = queries.insert(connection, Map.of(title, "kept"), List.of(title));
                assertThat(kept).as("the key read for the event, not given to a caller who did not ask")
                        .containsOnlyKeys("title");
                Savepoint savepoint = connection.setSavepoint();
                queries.insert(connection, Map.of(title, "undone"), List.of(title));
                connection.rollback(savepoint);
                assertThat(saved).as("nothing before the commit").isEmpty();
                connection.commit();
                published.add(saved.poll(30, TimeUnit.SECONDS));
                queries.insert(connection, Map.of(title, "left open"), List.of(title));
            }
            Object last = entities.save("movie", Map.of("title", "Aliens")).get("id");
            published.add(saved.poll(30, TimeUnit.SECONDS));
            assertThat(saved).isEmpty();
            List<String> titles = new ArrayList<>();
            for (Map<String, Object> row : entities.find("movie")) {
                titles.add(row.get("id") + ":" + row.get("title"));
            }
            assertThat(titles).as("what the table holds").hasSize(3).contains(first + ":Alien", last + ":Aliens");
            String keptId = titles.stream().filter(t -> t.endsWith(":kept")).findFirst().orElseThrow().split(":")[0];
            assertThat(published).extracting(String::valueOf).containsExactly(String.valueOf(first), keptId,
                    String.valueOf(last));
        }
    }
}
