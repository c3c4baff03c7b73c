package dev.rt.slf4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** SLF4J finds rt's provider; warn and error reach the routed sink with the logger's name, nothing below does. */
class LibraryLogTest {

    /** What a sink was given, as {@code level logger: message}. */
    private static final class Collected implements LibrarySink {
        final List<String> lines = new ArrayList<>();
        final int threshold;

        Collected(int threshold) {
            this.threshold = threshold;
        }

        @Override
        public boolean enabled(int level) {
            return level >= threshold;
        }

        @Override
        public synchronized void write(int level, String logger, String message) {
            lines.add(level + " " + logger + ": " + message);
        }
    }

    @Test
    void slf4jUsesRtsProviderWhoseLoggersTakeWarnAndErrorOnly() {
        Collected sink = new Collected(10);
        Logger logger = LoggerFactory.getLogger("org.quartz.impl.jdbcjobstore.JobStoreTX");
        try (LibraryLog.Route route = LibraryLog.routeTo(sink)) {
            assertThat(LoggerFactory.getILoggerFactory()).isInstanceOf(LibraryLoggers.class);
            assertThat(logger.isTraceEnabled()).isFalse();
            assertThat(logger.isDebugEnabled()).isFalse();
            assertThat(logger.isInfoEnabled()).isFalse();
            logger.trace("trace");
            logger.debug("debug {}", 1);
            logger.info("info");
            logger.atInfo().log("fluent info");
            logger.warn("ClusterManager: detected {} failed or restarted instances.", 1);
            logger.atWarn().addArgument("x").log("fluent {}");
            logger.error("ClusterManager: Error managing cluster: {}", "lost", new IllegalStateException("gone"));
        }

        assertThat(sink.lines).hasSize(3);
        assertThat(sink.lines.get(0)).isEqualTo("40 org.quartz.impl.jdbcjobstore.JobStoreTX: ClusterManager: detected 1 "
                + "failed or restarted instances.");
        assertThat(sink.lines.get(1)).isEqualTo("40 org.quartz.impl.jdbcjobstore.JobStoreTX: fluent x");
        assertThat(sink.lines.get(2)).startsWith("50 org.quartz.impl.jdbcjobstore.JobStoreTX: ClusterManager: Error "
                + "managing cluster: lost" + System.lineSeparator() + "java.lang.IllegalStateException: gone"
                + System.lineSeparator() + "\tat dev.rt.slf4j.LibraryLogTest.");
    }

    @Test
    void theLastOpenRouteTakesTheLinesAndASinkAboveWarnMakesWarnDisabled() {
        Collected first = new Collected(40);
        Collected second = new Collected(50);
        Logger logger = LoggerFactory.getLogger("com.zaxxer.hikari.pool.HikariPool");
        try (LibraryLog.Route one = LibraryLog.routeTo(first)) {
            try (LibraryLog.Route two = LibraryLog.routeTo(second)) {
                assertThat(logger.isWarnEnabled()).isFalse();
                logger.warn("dropped");
                logger.error("to the second");
            }
            assertThat(logger.isWarnEnabled()).isTrue();
            logger.warn("to the first");
        }

        assertThat(second.lines).containsExactly("50 com.zaxxer.hikari.pool.HikariPool: to the second");
        assertThat(first.lines).containsExactly("40 com.zaxxer.hikari.pool.HikariPool: to the first");
    }

    @Test
    void aWorkerWritesTheLinesOnStandardOutputAndAnyOtherProcessOnStandardError() {
        assertThat(LibraryLog.own(Map.of(LibraryLog.WORKER_VARIABLE, "/tmp/rt-1/agent.sock")))
                .isInstanceOf(WorkerLines.class);
        assertThat(LibraryLog.own(Map.of())).isInstanceOf(ConsoleLines.class);

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ConsoleLines console = new ConsoleLines(() -> new PrintStream(err, true, StandardCharsets.UTF_8));
        console.write(40, "com.networknt.schema.SchemaLoader", "unknown keyword x");
        console.write(50, "org.quartz.core.QuartzScheduler", "failed");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("WARN com.networknt.schema.SchemaLoader: unknown "
                + "keyword x" + System.lineSeparator() + "ERROR org.quartz.core.QuartzScheduler: failed"
                + System.lineSeparator());
    }
}
