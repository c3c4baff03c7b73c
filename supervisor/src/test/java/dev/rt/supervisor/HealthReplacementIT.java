package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.worker.WorkerState;
import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Health checks with real worker JVMs under load: an unhealthy worker is replaced by a new one, which takes
 * traffic before the old one stops gracefully, and no request fails meanwhile. Each worker is made unhealthy by
 * something the test controls, never by how busy the machine happens to be.
 */
class HealthReplacementIT {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    /** Short checks, so that a test takes seconds: first check 500 ms after ready, two bad ones replace. */
    private static final String FAST = "\"interval\": 1000, \"gracePeriod\": 500, \"maxUnhealthyChecks\": 2";
    /** As many request threads as the java kind gives a worker (its HandlerServer's pool). */
    private static final int REQUEST_THREADS = Math.max(8, 4 * Runtime.getRuntime().availableProcessors());

    @TempDir
    Path dir;

    private static String worker(int index) {
        return "The worker " + index + " of the service \\\"api\\\"";
    }

    /**
     * The ELU is the higher of two fractions: of the processors the worker's JVM used (which a busy machine holds
     * down, so a spinning worker may stay under {@code maxELU}), and of the time its request threads were busy (which
     * no other process changes). The test keeps every request thread of the worker 0 busy with slow requests sent
     * straight to its port, so that only the worker 0 is unhealthy, whatever else runs on the machine.
     */
    @Test
    void aWorkerWhoseRequestThreadsAreAllBusyIsReplacedWhileNoRequestFails() throws Exception {
        String api = service("api", "probe", "\"health\": {" + FAST + ", \"maxELU\": 0.6}");
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", api)).start();
                Load load = Load.start(List.of(rt.url() + "/hello"), 2, "hello"::equals)) {
            int port = rt.worker("api:0").port().orElseThrow();
            try (Load occupying = Load.start(List.of("http://127.0.0.1:" + port + "/sleep?ms=1000"),
                    REQUEST_THREADS, "slept"::equals)) {
                rt.awaitLog(worker(0) + " is unhealthy. Replacing it ...", LIMIT);
            }
            rt.awaitLog(worker(0) + " has been replaced by the worker 1.", LIMIT);
            rt.awaitLog("Stopped the worker 0 of the service \\\"api\\\".", LIMIT);
            load.awaitSuccesses(20, LIMIT);
            load.close();

            assertThat(load.failures()).isEmpty();
            assertThat(rt.log()).contains(worker(0) + " has an ELU of ").doesNotContain("unexpectedly exited")
                    .doesNotContain("Killing it");
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactly("api:1");
        }
    }

    @Test
    void aWorkerHoldingTooMuchOfMaxHeapTotalIsReplacedWhileNoRequestFails() throws Exception {
        String api = service("api", "leaks-heap", "\"health\": {" + FAST + ", \"maxHeapTotal\": \"64M\", \"maxHeapUsed\": 0.5}");
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", api)).start();
                Load load = Load.start(List.of(rt.url() + "/hello"), 2, "hello"::equals)) {
            rt.awaitLog(worker(0) + " is unhealthy. Replacing it ...", LIMIT);
            rt.awaitLog("Stopped the worker 0 of the service \\\"api\\\".", LIMIT);
            load.awaitSuccesses(20, LIMIT);
            load.close();

            assertThat(load.failures()).isEmpty();
            assertThat(rt.log()).contains(worker(0) + " is using ").contains("% of the memory, above the maximum"
                    + " allowed usage of 50.00 %.").doesNotContain("unexpectedly exited");
            assertThat(Long.parseLong(rt.get("/max-heap").body())).as("-Xmx from maxHeapTotal")
                    .isLessThanOrEqualTo(64L << 20).isGreaterThan(32L << 20);
        }
    }

    @Test
    void aWorkerThatStopsAnsweringIsReplacedAndKilledWhenItWillNotStop() throws Exception {
        String config = RuntimeUnderTest.runtimeWith("\"gracefulShutdown\": {\"service\": 1000, \"runtime\": 10000}, ",
                "api", service("api", "probe", "\"health\": {" + FAST + "}"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            long frozen = rt.worker("api:0").pid();
            new ProcessBuilder("kill", "-STOP", Long.toString(frozen)).start().waitFor();

            rt.awaitLog("Health collection failed for the worker 0 of the service \\\"api\\\"", LIMIT);
            rt.awaitLog(worker(0) + " has been replaced by the worker 1.", LIMIT);
            rt.awaitLog("Timeout while stopping the worker 0 of the service \\\"api\\\". Killing it.", LIMIT);

            rt.awaitLog("Stopped the worker 0 of the service \\\"api\\\".", LIMIT);

            assertThat(rt.get("/whoami").body()).contains("\"worker\":1");
            assertThat(ProcessHandle.of(frozen).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        }
    }

    @Test
    void healthChecksRunOnlyForServicesRestartedOnError() throws Exception {
        String health = "\"health\": {" + FAST + ", \"maxHeapTotal\": \"64M\", \"maxHeapUsed\": 0.5}";
        String config = runtime("api", service("api", "probe"),
                service("unchecked", "leaks-heap", health + ", \"restartOnError\": false"),
                service("checked", "leaks-heap", health));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            rt.awaitLog("The worker 0 of the service \\\"checked\\\" has been replaced by the worker 1.", LIMIT);
            rt.awaitLog("leaks-heap: holding all of it"); // the workers' own line, on their stdout

            assertThat(rt.log()).doesNotContain("of the service \\\"unchecked\\\" is using")
                    .doesNotContain("of the service \\\"unchecked\\\" is unhealthy");
            assertThat(rt.worker("unchecked:0").state()).isEqualTo(WorkerState.STARTED);
        }
    }
}
