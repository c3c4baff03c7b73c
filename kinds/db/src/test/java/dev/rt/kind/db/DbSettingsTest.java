package dev.rt.kind.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pool sizes a db service gets when its configuration names none, and the one it names. */
class DbSettingsTest {
    @TempDir
    Path root;

    private DbSettings settings(Map<String, Object> db) {
        return DbSettings.of(Map.of("db", db), root);
    }

    @Test
    void aServerGetsAConnectionForEachThreadOfTheWorkerPool() {
        assertThat(settings(Map.of("connectionString", "postgres://rt@127.0.0.1:5432/movies")).poolSize())
                .isEqualTo(DbSettings.SERVER_POOL_SIZE).isEqualTo(new io.vertx.core.VertxOptions().getWorkerPoolSize());
        assertThat(settings(Map.of("connectionString", "mariadb://rt@127.0.0.1:3306/movies")).poolSize())
                .isEqualTo(DbSettings.SERVER_POOL_SIZE);
    }

    @Test
    void aSqliteFileGetsFourReadersAndAGivenSizeWins() {
        assertThat(settings(Map.of("connectionString", "sqlite://./db.sqlite")).poolSize()).isEqualTo(4);
        assertThat(settings(Map.of("connectionString", "postgres://rt@127.0.0.1:5432/movies", "poolSize", 3))
                .poolSize()).isEqualTo(3);
    }
}
