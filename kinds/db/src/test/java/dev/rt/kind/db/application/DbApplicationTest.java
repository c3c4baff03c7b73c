package dev.rt.kind.db.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.RecordingLog;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Opening a db service: settings, migrations at start, the schema lock, a reload, what is served. */
@ExtendWith(TestDatabases.class)
class DbApplicationTest {

    private static Map<String, Object> config(String connectionString, Map<String, Object> db) {
        Map<String, Object> section = new java.util.HashMap<>(db);
        section.put("connectionString", connectionString);
        return Map.of("db", section, "migrations", Map.of("dir", "migrations", "autoApply", true),
                "types", Map.of("autogenerate", true, "dir", "types"));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void appliesMigrationsAtStartThenServesTheSchemaTheLockKeeps(Engine engine) throws Exception {
        TestDatabase db = TestDatabases.fresh(engine);
        Path root = db.directory();
        Files.createDirectories(root.resolve("migrations"));
        Files.writeString(root.resolve("migrations/001.do.sql"), "CREATE TABLE things (id INTEGER PRIMARY KEY, name"
                + " VARCHAR(20), secret VARCHAR(20));");
        Files.writeString(root.resolve("migrations/001.undo.sql"), "DROP TABLE things;");
        String cs = engine == Engine.SQLITE ? "sqlite://./db.sqlite" : db.connectionString();
        DbSettings settings = DbSettings.of(config(cs, Map.of("schemalock", true, "ignore", Map.of("things",
                Map.of("secret", true)), "limit", Map.of("default", 5, "max", 20), "graphql", false)), root);
        RecordingLog log = new RecordingLog();
        try (DbApplication app = DbApplication.open(settings, "the service \"things\"", log)) {
            assertThat(log.infos()).contains("running 001.do.sql");
            assertThat(app.entities().model().require("thing").fieldNames()).containsExactly("id", "name");
            assertThat(app.entities().model().entity("version")).isEmpty();
            assertThat(app.entities().limits().max()).isEqualTo(20);
            assertThat(app.graphql()).isEmpty();
            assertThat(app.openApi()).isPresent();
            assertThat(app.routes()).isNotEmpty();
            assertThat(root.resolve("schema.lock")).exists();
            assertThat(root.resolve("types/Thing.java")).as("types regenerated after the migration").exists();
            db.execute("CREATE TABLE later (id INTEGER PRIMARY KEY)");
            assertThat(app.reload().entities().model().entity("later")).isPresent();
        }
        String lock = Files.readString(root.resolve("schema.lock"));
        assertThat(lock).contains("\"later\"");
        Files.writeString(root.resolve("schema.lock"), lock.replace("\"later\"", "\"locked\""));
        try (DbApplication again = DbApplication.open(settings, "the service \"things\"", new RecordingLog())) {
            assertThat(again.entities().model().entity("locked")).as("read from the lock, not the database").isPresent();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Engine.class, names = "SQLITE")
    void refusesWhatItCannotOpenWithTheSettingAtFault(Engine engine) {
        TestDatabase db = TestDatabases.fresh(engine);
        assertThatThrownBy(() -> DbSettings.of(Map.of("db", Map.of("connectionString", "oracle://x/y")), db.directory()))
                .isInstanceOf(KindException.class)
                .hasMessage("expected a connection string starting with sqlite://, postgres:// or mysql:// (mariadb://"
                        + " too), found \"oracle://x/y\"")
                .extracting(e -> ((KindException) e).pointer().orElseThrow()).isEqualTo("/db/connectionString");
        DbSettings settings = DbSettings.of(Map.of("db", Map.of("connectionString", "sqlite://./missing/dir/db.sqlite")),
                db.directory());
        assertThatThrownBy(() -> DbApplication.open(settings, "the service \"s\"", new RecordingLog()))
                .isInstanceOf(KindException.class).hasMessage("the service \"s\" cannot open its SQLite database "
                        + db.directory().resolve("missing/dir/db.sqlite") + ": the directory "
                        + db.directory().resolve("missing/dir") + " does not exist");
        assertThat(List.of(settings.limits().defaultLimit(), settings.limits().max())).containsExactly(10L, 100L);
    }
}
