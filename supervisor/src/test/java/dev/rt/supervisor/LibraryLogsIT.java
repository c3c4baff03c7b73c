package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.db.testing.Engine;
import dev.rt.kind.db.testing.TestDatabase;
import dev.rt.kind.db.testing.TestDatabases;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the supervisor's libraries log through SLF4J reaches the runtime log: Quartz's clustered JDBC store, its
 * tables gone from under it, says so at error with its logger's name; its info lines (the scheduler created,
 * started) stay out.
 */
@ExtendWith(TestDatabases.class)
class LibraryLogsIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void quartzsClusteredStoreLosingItsTablesIsAnErrorOfItsLoggerInTheRuntimeLog() throws Exception {
        TestDatabase database = TestDatabases.fresh(Engine.POSTGRES);
        String jobs = "\"scheduler\": [{\"name\": \"tick\", \"cron\": \"0 0 1 1 *\", \"callbackUrl\": "
                + "\"http://api.rt.local/hello\"}], \"schedulerCluster\": {\"connectionString\": \""
                + database.connectionString() + "\", \"checkinInterval\": 1000}, ";
        try (var rt = RuntimeUnderTest.configure(dir, runtimeWith(jobs, "api", service("api", "probe"))).start()) {
            database.execute("DROP TABLE qrtz_scheduler_state");

            String quartz = rt.awaitLog("\"logger\":\"dev.rt.supervisor.scheduler.ReplicaJobStore\"", WAIT);
            assertThat(quartz).startsWith("{\"level\":50,").contains("\"msg\":\"ClusterManager: Error managing cluster: ")
                    .contains("qrtz_scheduler_state");
            assertThat(rt.log()).as("Quartz's info lines stay out").doesNotContain("Quartz Scheduler v");
            assertThat(rt.log().lines().filter(line -> line.contains("\"logger\":")))
                    .as("library lines below warn").noneMatch(line -> line.startsWith("{\"level\":30,"))
                    .noneMatch(line -> line.startsWith("{\"level\":20,"));
        }
    }
}
