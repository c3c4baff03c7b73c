package dev.rt.kind.db;

import dev.rt.kind.db.application.DbSettings;
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
    void refusesEventsThroughRedisNamingTheSetting() {
        Map<String, Object> configuration = Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite",
                "events", Map.of("connectionString", "redis://127.0.0.1:6379")));
        assertThatThrownBy(() -> new DbKind().check(configuration, directory))
                .isInstanceOfSatisfying(KindException.class,
                        e -> assertThat(e.pointer()).contains("/db/events/connectionString"))
                .hasMessageContaining("not through Redis").hasMessageContaining("remove db.events.connectionString");
    }

    @Test
    void refusesAnOpenApiPrefixNamingTheSetting() {
        Map<String, Object> configuration = Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite",
                "openapi", Map.of("prefix", "/api")));
        assertThatThrownBy(() -> new DbKind().check(configuration, directory))
                .isInstanceOfSatisfying(KindException.class,
                        e -> assertThat(e.pointer()).contains("/db/openapi/prefix"))
                .hasMessage("the entities' routes are served at the service's root; remove it (a gateway can expose"
                        + " the service under a prefix)");
        new DbKind().check(Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite",
                "openapi", Map.of("info", Map.of("title", "t")))), directory); // an OpenAPI info passes
    }

    @Test
    void eventsAreOnWhenTrueOrAnObjectNotDisabled() {
        for (Object events : new Object[] {true, Map.of(), Map.of("enabled", true)}) {
            Map<String, Object> configuration = Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite",
                    "events", events));
            new DbKind().check(configuration, directory);
            assertThat(DbSettings.of(configuration, directory).events()).as("%s", events).isTrue();
        }
        for (Object events : new Object[] {false, Map.of("enabled", false)}) {
            assertThat(DbSettings.of(Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite", "events", events)),
                    directory).events()).as("%s", events).isFalse();
        }
        assertThat(DbSettings.of(Map.of("db", Map.of("connectionString", "sqlite://./db.sqlite")), directory).events())
                .as("absent").isFalse();
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
