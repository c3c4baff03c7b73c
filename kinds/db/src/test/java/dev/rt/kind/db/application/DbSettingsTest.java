package dev.rt.kind.db.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pool sizes a db service gets when its configuration names none, the one it names, and its worker threads. */
class DbSettingsTest {
    @TempDir
    Path root;

    private DbSettings settings(Map<String, Object> db) {
        return DbSettings.of(Map.of("db", db), root);
    }

    @Test
    void aServerGetsTenConnectionsAndAThreadForEach() {
        DbSettings postgres = settings(Map.of("connectionString", "postgres://rt@127.0.0.1:5432/movies"));
        assertThat(postgres.poolSize()).isEqualTo(10);
        assertThat(postgres.workerThreads()).isEqualTo(10);
        assertThat(settings(Map.of("connectionString", "mariadb://rt@127.0.0.1:3306/movies")).poolSize())
                .isEqualTo(10);
    }

    @Test
    void aSqliteFileGetsFourReadersAndAThreadForEachAndForItsWriter() {
        DbSettings sqlite = settings(Map.of("connectionString", "sqlite://./db.sqlite"));
        assertThat(sqlite.poolSize()).isEqualTo(4);
        assertThat(sqlite.workerThreads()).isEqualTo(5);
        assertThat(settings(Map.of("connectionString", "sqlite://./db.sqlite", "poolSize", 2)).workerThreads())
                .isEqualTo(3);
    }

    @Test
    void aGivenSizeWins() {
        DbSettings given = settings(Map.of("connectionString", "postgres://rt@127.0.0.1:5432/movies", "poolSize", 3));
        assertThat(given.poolSize()).isEqualTo(3);
        assertThat(given.workerThreads()).isEqualTo(3);
    }
}
