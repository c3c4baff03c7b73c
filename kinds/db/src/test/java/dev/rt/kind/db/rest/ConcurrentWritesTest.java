package dev.rt.kind.db.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.db.testing.DbFixture;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabases;
import dev.rt.kind.db.connect.ConnectionString;
import dev.rt.kind.db.connect.Database;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A SQLite file under concurrent writes and reads: its one writer and its read-only connections (WAL) lose no write,
 * answer no {@code SQLITE_BUSY}, and every read sees the rows committed before it. The writer's pragmas: WAL,
 * {@code synchronous=NORMAL} unless the connection string asks otherwise.
 */
@ExtendWith(TestDatabases.class)
class ConcurrentWritesTest {
    private static final int WRITERS = 16;
    private static final int POSTS = 50;

    @Test
    void concurrentPostsAndReadsOnSqliteLoseNothing() throws Exception {
        try (DbFixture fixture = DbFixture.movies(Engine.SQLITE)) {
            RestClient client = new RestClient(RestRoutes.of(fixture.entities()));
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS * 2);
            try {
                List<Future<List<String>>> posts = new ArrayList<>();
                List<Future<Integer>> reads = new ArrayList<>();
                AtomicBoolean done = new AtomicBoolean();
                for (int w = 0; w < WRITERS; w++) {
                    int writer = w;
                    posts.add(pool.submit(() -> post(client, writer)));
                    reads.add(pool.submit(readUntil(client, done)));
                }
                Set<String> ids = new HashSet<>();
                try {
                    for (Future<List<String>> post : posts) {
                        ids.addAll(post.get());
                    }
                } finally {
                    done.set(true);
                }
                for (Future<Integer> read : reads) {
                    assertThat(read.get()).isPositive();
                }
                assertThat(ids).hasSize(WRITERS * POSTS);
                RestClient.Answer all = client.get("/movies?limit=1&totalCount=true");
                assertThat(all.headers()).containsEntry("X-Total-Count", Integer.toString(3 + WRITERS * POSTS));
                for (int w = 0; w < WRITERS; w++) {
                    assertThat(client.get("/movies?where.title.eq=Writer%20" + w + "&limit=1&totalCount=true")
                            .headers()).containsEntry("X-Total-Count", Integer.toString(POSTS));
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void sqliteReadersAreReadOnlyAndSeparateFromTheWriter() throws SQLException {
        try (DbFixture fixture = DbFixture.movies(Engine.SQLITE)) {
            assertThat(fixture.opened().readers()).isNotSameAs(fixture.opened().dataSource());
            try (Connection reader = fixture.opened().readers().getConnection();
                    Statement statement = reader.createStatement()) {
                assertThatThrownBy(() -> statement.executeUpdate("INSERT INTO movies (title) VALUES ('x')"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("readonly");
            }
            assertThat(pragma(fixture.opened(), "journal_mode")).isEqualToIgnoringCase("wal");
            assertThat(pragma(fixture.opened(), "synchronous")).as("NORMAL").isEqualTo("1");
        }
    }

    @Test
    void theConnectionStringsPragmasWinOverTheKinds() throws SQLException {
        try (DbFixture fixture = DbFixture.movies(Engine.SQLITE);
                Database full = Database.open(ConnectionString.parse("sqlite://./db.sqlite?synchronous=full",
                        fixture.database().directory()), "the service \"test\"", 1)) {
            assertThat(full.connectionString().sqliteFile()).isEqualTo(fixture.opened().connectionString().sqliteFile());
            assertThat(pragma(full, "synchronous")).as("FULL").isEqualTo("2");
            assertThat(pragma(full, "journal_mode")).isEqualToIgnoringCase("wal");
        }
    }

    private static String pragma(Database database, String name) throws SQLException {
        try (Connection writer = database.dataSource().getConnection(); Statement statement = writer.createStatement();
                ResultSet value = statement.executeQuery("PRAGMA " + name)) {
            value.next();
            return value.getString(1);
        }
    }

    /** POSTS creations, each read back by its location at once: a reader sees what the writer committed. */
    private static List<String> post(RestClient client, int writer) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < POSTS; i++) {
            RestClient.Answer created = client.post("/movies", "{\"title\":\"Writer " + writer + "\",\"year\":" + i + "}");
            assertThat(created.status()).as(String.valueOf(created.body())).isEqualTo(200);
            String id = String.valueOf(created.object().get("id"));
            RestClient.Answer read = client.get("/movies/" + id);
            assertThat(read.status()).as(String.valueOf(read.body())).isEqualTo(200);
            assertThat(read.object()).containsEntry("title", "Writer " + writer).containsEntry("year", i);
            ids.add(id);
        }
        return ids;
    }

    /** Lists while the writers write; the count of rows seen never goes down. */
    private static Callable<Integer> readUntil(RestClient client, AtomicBoolean done) {
        return () -> {
            int reads = 0;
            long last = 0;
            while (reads == 0 || !done.get()) {
                RestClient.Answer page = client.get("/movies?limit=5&orderby.id=desc&totalCount=true");
                assertThat(page.status()).as(String.valueOf(page.body())).isEqualTo(200);
                long total = Long.parseLong(page.headers().get("X-Total-Count"));
                assertThat(total).isGreaterThanOrEqualTo(last);
                last = total;
                reads++;
            }
            return reads;
        };
    }
}
