package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code java.jar} runs as {@code java -jar} would run it: the fixture jar's manifest declares {@code Add-Opens},
 * {@code Add-Exports}, {@code Enable-Native-Access} and a {@code Launcher-Agent-Class}, and its main class fails with
 * {@code InaccessibleObjectException} when they are not applied.
 */
class JarManifestIT {
    @TempDir
    Path dir;

    @Test
    void theJarsManifestBecomesJvmOptionsOfItsWorkersAndItsLauncherAgentRunsFirst() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("app", service("app", "manifest-jar"))).start()) {
            assertThat(rt.get("/").body()).isEqualTo("exports=yes agent=yes native=yes");
            rt.awaitLog("launcher agent started"); // the agent's own line, on the worker's stdout
        }
    }

    @Test
    void theSameMainClassFromTheClassPathFailsWithoutTheManifestsOptions() throws Exception {
        var rt = RuntimeUnderTest.configure(dir, runtime("app", service("app", "manifest-jar-on-classpath",
                "\"restartOnError\": false")));
        try (rt) {
            assertThatThrownBy(rt::start).isInstanceOf(RtException.class)
                    .hasMessageContaining("java.lang.reflect.InaccessibleObjectException");
        }
    }
}
