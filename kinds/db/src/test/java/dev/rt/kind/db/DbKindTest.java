package dev.rt.kind.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.KindException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the kind refuses in a configuration the schema accepts, rather than ignore it; its workers' JVM options. */
class DbKindTest {
    @TempDir
    Path directory;

    @Test
    void refusesEventsItDoesNotPublish() {
        for (Object events : new Object[] {true, Map.of(), Map.of("connectionString", "redis://127.0.0.1:6379")}) {
            Map<String, Object> configuration = Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite",
                    "events", events));
            assertThatThrownBy(() -> new DbKind().classPath(configuration, directory))
                    .isInstanceOfSatisfying(KindException.class,
                            e -> assertThat(e.pointer()).contains("/db/events"))
                    .hasMessageContaining("change events").hasMessageContaining("are not implemented");
        }
    }

    @Test
    void workersGetTheSerialCollectorAndNoFlightRecorderCheckFromNetty() {
        assertThat(new DbKind().jvmOptions(Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite")), directory))
                .containsExactly("-XX:+UseSerialGC", "-Dio.netty.jfr.enabled=false");
    }

    @Test
    void acceptsEventsTurnedOff() {
        Map<String, Object> configuration = Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite",
                "events", false));
        assertThat(new DbKind().classPath(configuration, directory)).isEmpty();
    }
}
