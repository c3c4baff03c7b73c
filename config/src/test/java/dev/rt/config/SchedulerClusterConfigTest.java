package dev.rt.config;

import static dev.rt.config.BundledSchemas.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.MissingNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.read.ConfigNode;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchedulerClusterConfigTest {
    private static Optional<SchedulerClusterConfig> read(String json) {
        ConfigNode section = ConfigNode.section("schedulerCluster", parse(json));
        SchedulerClusterConfig.check(section);
        return SchedulerClusterConfig.from(section);
    }

    @Test
    void aPostgresUrlBecomesAJdbcUrlWithItsUserAndPasswordApart() {
        SchedulerClusterConfig cluster = read("{\"connectionString\": \"postgres://rt:p%40ss%3Aword@db.internal:5433/jobs"
                + "?sslmode=require\", \"name\": \"shop\", \"checkinInterval\": 2000}").orElseThrow();

        assertThat(cluster).isEqualTo(new SchedulerClusterConfig("jdbc:postgresql://db.internal:5433/jobs?sslmode=require",
                Optional.of("rt"), Optional.of("p@ss:word"), "shop", Duration.ofMillis(2000)));
    }

    @Test
    void defaultsAndTheOtherFormsOfTheConnectionString() {
        SchedulerClusterConfig plain = read("{\"connectionString\": \"postgresql://db/rt\"}").orElseThrow();
        assertThat(plain).isEqualTo(new SchedulerClusterConfig("jdbc:postgresql://db/rt", Optional.empty(),
                Optional.empty(), SchedulerClusterConfig.DEFAULT_NAME, Duration.ofMillis(5000)));
        assertThat(read("{\"connectionString\": \"postgres://u@[::1]:5432/rt\"}").orElseThrow().jdbcUrl())
                .isEqualTo("jdbc:postgresql://[::1]:5432/rt");
        assertThat(read("{\"connectionString\": \"jdbc:postgresql://db:5432/rt?user=rt\"}").orElseThrow().jdbcUrl())
                .isEqualTo("jdbc:postgresql://db:5432/rt?user=rt");
        assertThat(SchedulerClusterConfig.from(ConfigNode.section("schedulerCluster", MissingNode.getInstance())))
                .isEmpty();
    }

    @Test
    void aConnectionStringRtCannotUseIsRefusedAtItsPointer() {
        for (String bad : new String[] {"mysql://rt@db/rt", "postgres://db", "postgres://db/", "not a url"}) {
            assertThatThrownBy(() -> read("{\"connectionString\": \"" + bad + "\"}")).isInstanceOf(ConfigException.class)
                    .hasMessage("/schedulerCluster/connectionString: must be a PostgreSQL connection string such as"
                            + " postgres://user:password@host:5432/database (or a jdbc:postgresql: URL), found \""
                            + bad + "\"");
        }
    }
}
