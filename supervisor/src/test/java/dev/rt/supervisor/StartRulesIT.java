package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start order, start timeout, start retries and development mode, with real worker JVMs. */
class StartRulesIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private static String started(String service) {
        return "Started the worker 0 of the service \\\"" + service + "\\\"";
    }

    private static String starting(String service) {
        return "Starting the worker 0 of the service \\\"" + service + "\\\"";
    }

    @Test
    void listedServicesStartOneAfterTheOtherInTheOrderListed() throws Exception {
        String config = runtime("c", service("b", "probe"), service("a", "probe"), service("c", "probe"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            String log = rt.log();
            assertThat(log.indexOf(started("b"))).isPositive().isLessThan(log.indexOf(starting("a")));
            assertThat(log.indexOf(started("a"))).isLessThan(log.indexOf(starting("c")));
        }
    }

    @Test
    void withoutAServicesListServicesStartInDependencyOrderWithTheServicesOfALevelTogether() throws Exception {
        String config = runtime("api", service("api", "probe", "\"dependencies\": [\"users\", \"orders\"]"),
                service("users", "probe"), service("orders", "probe"));
        try (var rt = RuntimeUnderTest.configureInDependencyOrder(dir, config).start()) {
            String log = rt.log();
            int firstStarted = Math.min(log.indexOf(started("users")), log.indexOf(started("orders")));
            assertThat(log.indexOf(starting("users"))).isLessThan(firstStarted);
            assertThat(log.indexOf(starting("orders"))).isLessThan(firstStarted);
            assertThat(log.indexOf(starting("api")))
                    .isGreaterThan(log.indexOf(started("users"))).isGreaterThan(log.indexOf(started("orders")));
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    @Test
    void aDependentsJvmBootsWhileItsDependencyStartsAndItsApplicationStartsOnceTheDependencyIsReady() throws Exception {
        String config = runtime("api", service("api", "probe", "\"dependencies\": [\"back\"]"),
                service("back", "slow-start", "\"env\": {\"SLOW_START_MS\": \"2500\"}"));
        try (var rt = RuntimeUnderTest.configureInDependencyOrder(dir, config).start()) {
            String log = rt.log();
            assertThat(log.indexOf("Preparing the worker 0 of the service \\\"api\\\"")).as(log)
                    .isPositive().isLessThan(log.indexOf(started("back")));
            assertThat(log.indexOf(starting("api"))).isGreaterThan(log.indexOf(started("back")));
            // api's JVM was launched while back's slow build() ran, not after back was ready
            long apiLaunched = time(log, "Preparing the worker 0 of the service \\\"api\\\"");
            assertThat(time(log, started("back")) - apiLaunched).as(log).isGreaterThanOrEqualTo(2000);
            // and "Started ... in T ms" counts from its release, not from its launch
            assertThat(startedInMillis(log, "api")).as(log)
                    .isLessThanOrEqualTo(time(log, started("api")) - time(log, starting("api")) + 50);
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    @Test
    void whenADependencyFailsToStartTheServicesWaitingForItAreKilledWithoutARetry() throws Exception {
        String config = runtime("api", service("api", "probe", "\"dependencies\": [\"back\"]"),
                service("back", "crash-on-start", "\"restartOnError\": false"));
        var rt = RuntimeUnderTest.configureInDependencyOrder(dir, config);
        try (rt) {
            assertThatThrownBy(rt::start).isInstanceOf(RtException.class).hasMessageStartingWith(
                    "the worker 0 of the service \"back\" failed to start: its JVM exited with code 1");
        }
        assertThat(rt.log()).contains("Preparing the worker 0 of the service \\\"api\\\"")
                .doesNotContain(starting("api")).doesNotContain("Failed to start the worker 0 of the service \\\"api\\\"")
                .doesNotContain("to start the worker 0 of the service \\\"api\\\" again");
        assertThat(rt.pids()).hasSize(2);
        assertNoWorkerAlive(rt);
    }

    /** The {@code time} of the first log line containing {@code text}. */
    private static long time(String log, String text) {
        return number(log, text, "\"time\":(\\d+)");
    }

    /** The T of "Started the worker 0 of the service "id" on port P in T ms.". */
    private static long startedInMillis(String log, String id) {
        return number(log, started(id), " in (\\d+) ms");
    }

    /** The number that {@code pattern}'s group 1 finds in the first log line containing {@code text}. */
    private static long number(String log, String text, String pattern) {
        String line = log.lines().filter(l -> l.contains(text)).findFirst().orElseThrow(() -> new AssertionError(
                "no log line contains " + text + ":\n" + log));
        java.util.regex.Matcher number = java.util.regex.Pattern.compile(pattern).matcher(line);
        assertThat(number.find()).as(line).isTrue();
        return Long.parseLong(number.group(1));
    }

    @Test
    void aDependencyCycleIsAConfigurationErrorNamingItSoNoJvmStarts() throws Exception {
        String config = runtime("api", service("api", "probe", "\"dependencies\": [\"back\"]"),
                service("back", "probe", "\"dependencies\": [\"api\"]"));

        // refused as the configuration loads (so --check and a reload refuse it too), before any supervisor exists
        assertThatThrownBy(() -> RuntimeUnderTest.configure(dir, config)).isInstanceOf(RtException.class)
                .hasMessageEndingWith("rt.json: /services/0/dependencies/0: detected a cycle in the services "
                        + "dependencies: api -> back -> api (remove one of these dependencies)")
                .extracting(e -> ((RtException) e).code()).isEqualTo("RT_CONFIG_DEPENDENCY_CYCLE");
    }

    @Test
    void aWorkerThatCrashesOnEveryStartIsTriedSixTimesThenTheStartFailsNamingServiceAndError() throws Exception {
        var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "crash-on-start")));
        try (rt) {
            assertThatThrownBy(rt::start).isInstanceOf(RtException.class).hasMessage("the worker 0 of the service \"api\""
                    + " failed to start: its JVM exited with code 1 before it was ready (see its output above) (tried 6 times)");
        }
        assertThat(rt.count("crash-on-start: dying before ready")).isEqualTo(6);
        for (int attempt = 1; attempt <= 5; attempt++) {
            assertThat(rt.log()).contains("Performing attempt " + attempt + " of 5 to start the worker 0 of the service"
                    + " \\\"api\\\" again ...");
        }
        assertThat(rt.log()).contains("Failed to start the worker 0 of the service \\\"api\\\" after 5 attempts.");
        assertNoWorkerAlive(rt);
    }

    @Test
    void aWorkerThatCrashesOnItsFirstTwoStartsServesAfterTheThirdAttempt() throws Exception {
        String env = "\"env\": {\"CRASH_ON_START_FILE\": \"" + dir.resolve("starts") + "\", \"CRASH_ON_START_TIMES\": \"2\"}";
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "crash-on-start", env))).start()) {
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
            assertThat(rt.log()).contains("Performing attempt 2 of 5").doesNotContain("Performing attempt 3 of 5");
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactly("api:0");
        }
    }

    /**
     * startTimeout counts from the JVM's launch: the retried start must boot within it on a loaded machine too, so
     * the timeout is far above a JVM's start, and only the first start, which waits ten minutes, misses it.
     */
    @Test
    void aWorkerNotReadyWithinStartTimeoutIsKilledAndItsStartRetried() throws Exception {
        String env = "\"env\": {\"SLOW_START_FILE\": \"" + dir.resolve("starts") + "\", \"SLOW_START_TIMES\": \"1\","
                + " \"SLOW_START_MS\": \"600000\"}";
        String config = runtimeWith("\"startTimeout\": 10000, ", "api", service("api", "slow-start", env));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
            assertThat(rt.log()).contains("The worker 0 of the service \\\"api\\\" failed to start in 10000ms."
                    + " Forcefully killing it.").contains("Performing attempt 1 of 5");
            assertThat(rt.count("slow-start: taking my time")).isEqualTo(1);
        }
    }

    @Test
    void withoutRestartOnErrorAStartTimeoutFailsAtOnce() throws Exception {
        String config = runtimeWith("\"startTimeout\": 1500, \"restartOnError\": false, ", "api",
                service("api", "slow-start", "\"env\": {\"SLOW_START_MS\": \"600000\"}"));
        var rt = RuntimeUnderTest.configure(dir, config);
        try (rt) {
            assertThatThrownBy(rt::start).isInstanceOf(RtException.class)
                    .hasMessage("the worker 0 of the service \"api\" failed to start: it did not become ready within"
                            + " 1500 ms (startTimeout); it was killed")
                    .extracting(e -> ((RtException) e).code()).isEqualTo("RT_SERVICE_START_TIMEOUT");
        }
        assertThat(rt.log()).doesNotContain("Performing attempt");
        assertNoWorkerAlive(rt);
    }

    @Test
    void developmentModeRunsOneWorkerPerService() throws Exception {
        String config = runtime("api", service("api", "probe"), service("back", "probe", "\"workers\": 3"));
        try (var rt = RuntimeUnderTest.configure(dir, config, RuntimeOptions.DEFAULTS.withDevelopment(true)).start()) {
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactlyInAnyOrder("api:0", "back:0");
            assertThat(rt.get("/env?name=RT_ENVIRONMENT").body()).isEqualTo("development");
        }
    }

    static void assertNoWorkerAlive(RuntimeUnderTest rt) {
        for (long pid : rt.pids()) {
            ProcessHandle.of(pid).ifPresent(p -> {
                boolean exited = p.onExit().completeOnTimeout(null, 5, TimeUnit.SECONDS).join() != null;
                assertThat(exited).as("worker pid %d has exited", pid).isTrue();
            });
        }
    }
}
