package dev.rt.kind.db.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.DatabaseServer;
import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import dev.rt.kind.testing.TestPorts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Starts that must fail, and how: a database that cannot be reached or refuses the password (the service named, the
 * password masked, exit status 4, no worker left), a migration that fails (its file and statement named, the
 * migrations before it kept, itself rolled back); a setting the kind does not implement ({@code db.events} through
 * Redis: exit status 3, the file and pointer named, no worker started); a driver that fails for a reason only it logs
 * (through SLF4J: the line is the worker's, with the driver's logger name).
 */
@ExtendWith(TestDatabases.class)
class FailuresIT {
    private static final String SECRET = "s3cret-Pa55";

    @Test
    void anUnreachableDatabaseStopsTheStartNamingTheServiceWithThePasswordMasked() throws Exception {
        TestDatabase database = TestDatabases.fresh(Engine.SQLITE); // for its directory only
        try (TestPorts.Held refusing = TestPorts.refusing()) {
            String nowhere = "postgres://rt:" + SECRET + "@127.0.0.1:" + refusing.port() + "/catalog";
            Catalog catalog = Catalog.of(database, "\"db\": {\"connectionString\": \"" + nowhere + "\"}");
            assertFailedStart(catalog, "the service \\\"catalog\\\" cannot reach its database postgres://rt:***@127.0.0.1:");
        }
    }

    @Test
    void refusedCredentialsStopTheStartWithThePasswordMasked() throws Exception {
        TestDatabase database = TestDatabases.fresh(Engine.POSTGRES);
        String wrong = database.connectionString().replace(DatabaseServer.PASSWORD, SECRET);
        Catalog catalog = Catalog.of(database, "\"db\": {\"connectionString\": \"" + wrong + "\"}");
        assertFailedStart(catalog, "the database refused the credentials of the service \\\"catalog\\\"");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aFailingMigrationIsNamedAndTheOnesBeforeItStay(Engine engine) throws Exception {
        Catalog catalog = Catalog.of(TestDatabases.fresh(engine), """
                "migrations": {"dir": "migrations", "autoApply": true},
                "db": {"connectionString": "%2$s"}
                """);
        Files.writeString(catalog.service().resolve("migrations/002.do.sql"),
                "INSERT INTO movies (title) VALUES ('kept?');\nINSERT INTO nowhere (x) VALUES (1);\n");
        String output = assertFailedStart(catalog, "002.do.sql");
        assertThat(output).contains("INSERT INTO nowhere");
        assertThat(CommandsIT.scalar(catalog.database(), "SELECT MAX(version) FROM versions")).isEqualTo(1);
        assertThat(CommandsIT.count(catalog.database(), "movies")).as("001 kept, 002 rolled back\n" + output).isZero();
    }

    @Test
    void eventsThroughRedisAreRefusedNamingTheSetting() throws Exception {
        Catalog catalog = Catalog.of(TestDatabases.fresh(Engine.SQLITE), """
                "db": {"connectionString": "%2$s", "events": {"connectionString": "redis://127.0.0.1:6379"}}
                """);
        try (Rt rt = Rt.start(catalog.runtime())) {
            int status = rt.awaitExit();
            String output = rt.output();
            assertThat(status).as(output).isEqualTo(3);
            assertThat(output).contains(catalog.service().resolve("rt.json") + ": /db/events/connectionString:")
                    .contains("remove db.events.connectionString");
            assertThat(rt.workers()).as("workers started").isEmpty();
        }
    }

    @Test
    void aDriversOwnErrorReachesTheLogAsTheWorkersWithItsLoggerNameAndItsInfoLinesDoNot() throws Exception {
        TestDatabase database = TestDatabases.fresh(Engine.SQLITE);
        Catalog catalog = Catalog.of(database, "\"db\": {\"connectionString\": \"%2$s\"}");
        Path nowhere = database.directory().resolve("no-such-dir");
        Files.writeString(catalog.runtime(), Files.readString(catalog.runtime()).replace("\"path\": \"catalog\"",
                "\"path\": \"catalog\", \"jvmOptions\": [\"-Dorg.sqlite.tmpdir=" + nowhere + "\"]"));
        try (Rt rt = Rt.start(catalog.runtime())) {
            String sqlite = rt.awaitOutput("NoSuchFileException: " + nowhere);
            assertThat(sqlite).as("the driver's own error, as a line of the worker's").startsWith("{\"level\":50,")
                    .contains("\"logger\":\"org.sqlite.SQLiteJDBCLoader\"").contains("\"name\":\"catalog\"");
            assertThat(rt.output()).as("HikariCP's info lines stay out").doesNotContain("rt-db - Starting");
        }
    }

    /** rt start exits with status 4, saying {@code expected}, never the secret, and leaves no worker behind. */
    private static String assertFailedStart(Catalog catalog, String expected) throws Exception {
        try (Rt rt = Rt.start(catalog.runtime())) {
            int status = rt.awaitExit();
            String output = rt.output();
            assertThat(status).as(output).isEqualTo(4);
            assertThat(output).contains(expected).doesNotContain(SECRET);
            assertThat(rt.workers()).as("workers it started").isNotEmpty();
            for (long pid : rt.workers()) {
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("worker " + pid + " left")
                        .isFalse();
            }
            return output;
        }
    }
}
