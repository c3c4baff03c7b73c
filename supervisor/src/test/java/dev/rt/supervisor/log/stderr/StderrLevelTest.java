package dev.rt.supervisor.log.stderr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a worker writes on standard error is an error when it is one, a warning otherwise. */
class StderrLevelTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "java.lang.IllegalStateException: boom\n\tat com.acme.Main.main(Main.java:3)\n\tat java.base/x.y(Z.java:1)",
        "java.lang.IllegalStateException: boom",
        "java.lang.OutOfMemoryError: Java heap space",
        "java.lang.Error",
        "Exception in thread \"main\" java.lang.RuntimeException: failed\n\tat com.acme.Main.main(Main.java:3)",
        "The worker 0 of the service \"api\" threw an uncaught exception: java.lang.LinkageError: duplicate",
        "something went wrong\nCaused by: java.io.IOException: closed",
        "\tat com.acme.Main.main(Main.java:3)",
        "Caused by: java.net.ConnectException: Connection refused",
        "Error: Could not find or load main class com.acme.Main",
        "Error occurred during initialization of VM",
        "ERROR: the database is gone",
        "# A fatal error has been detected by the Java Runtime Environment:",
        "[otel.javaagent 2026-12-07 17:12:16:009 +0000] [main] ERROR io.opentelemetry.exporter - Failed to export",
        "10:00:00 [main] SEVERE com.acme.Main - down",
        "rt worker db:1: /srv/db/rt.json: /db-graphql: plugin db-graphql did not finish registering within 10000 ms",
    })
    void errorsAreErrors(String entry) {
        assertThat(StderrLevel.of(entry)).isEqualTo(StderrLevel.ERROR);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "OpenJDK 64-Bit Server VM warning: Sharing is only supported for boot loader classes because bootstrap"
                + " classpath has been appended",
        "OpenJDK 64-Bit Server VM warning: Option UseBiasedLocking was deprecated in version 15.0 and will likely be"
                + " removed in a future release.",
        "[otel.javaagent 2026-12-07 17:12:16:009 +0000] [main] INFO io.opentelemetry.javaagent.tooling.VersionLogger"
                + " - opentelemetry-javaagent - version: 2.33.1",
        "Picked up JAVA_TOOL_OPTIONS: -Xss1m",
        "WARNING: A terminally deprecated method in java.lang.System has been called",
        "SLF4J: No SLF4J providers were found.",
        "progress: 40%",
        "an ErrorHandler was registered, LOG_LEVEL=ERRORS",
        "",
    })
    void theRestIsAWarning(String entry) {
        assertThat(StderrLevel.of(entry)).isEqualTo(StderrLevel.WARN);
    }
}
