package dev.rt.kind.db.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.connect.ConnectionString;
import dev.rt.kind.db.connect.Database;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.RecordingLog;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Several appliers of one database's migrations at once, each with a pool of its own, as the workers of a service
 * with {@code autoApply} start: every file runs exactly once, and none of them fails.
 */
@ExtendWith(TestDatabases.class)
class ConcurrentMigratorTest {
    private static final int APPLIERS = 4;

    @ParameterizedTest
    @EnumSource(Engine.class)
    void appliersStartingTogetherRunEveryFileOnce(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        Path dir = Files.createDirectories(db.directory().resolve("migrations"));
        // a file that ran twice fails on its CREATE TABLE, or leaves a second row in runs
        Files.writeString(dir.resolve("001.do.sql"), "CREATE TABLE runs (version INT);\nINSERT INTO runs VALUES (1);\n");
        for (int version = 2; version <= 6; version++) {
            Files.writeString(dir.resolve("00" + version + ".do.sql"), "INSERT INTO runs VALUES (" + version + ");\n");
        }
        MigrationSettings settings = new MigrationSettings(dir, "versions", true, true, Optional.empty());
        CyclicBarrier together = new CyclicBarrier(APPLIERS);
        ExecutorService threads = Executors.newFixedThreadPool(APPLIERS);
        try {
            List<Future<Integer>> appliers = new ArrayList<>();
            for (int i = 0; i < APPLIERS; i++) {
                appliers.add(threads.submit(() -> {
                    try (Database database = open(db)) {
                        together.await(30, TimeUnit.SECONDS);
                        return new Migrator(database, settings, new RecordingLog()).apply(Optional.empty());
                    }
                }));
            }
            int ran = 0;
            for (Future<Integer> applier : appliers) {
                ran += applier.get(120, TimeUnit.SECONDS);
            }
            assertThat(ran).isEqualTo(6);
        } finally {
            threads.shutdownNow();
        }
        assertThat(column(db, "SELECT version FROM runs ORDER BY version")).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(column(db, "SELECT version FROM versions ORDER BY version"))
                .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L);
    }

    private static Database open(TestDatabase db) {
        return Database.open(ConnectionString.parse(db.connectionString(), db.directory()), "the service \"m\"", 2);
    }

    private static List<Long> column(TestDatabase db, String sql) throws Exception {
        List<Long> values = new ArrayList<>();
        try (Connection c = db.connect(); Statement statement = c.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                values.add(rows.getLong(1));
            }
        }
        return values;
    }
}
