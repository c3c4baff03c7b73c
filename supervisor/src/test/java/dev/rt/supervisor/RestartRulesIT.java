package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** restartOnError in each of its forms, crash-loop backoff and exitOnUnhandledErrors, with real worker JVMs. */
class RestartRulesIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final Pattern TIME = Pattern.compile("\"time\":(\\d+)");

    @TempDir
    Path dir;

    private static String worker(int index, String service) {
        return "The worker " + index + " of the service \\\"" + service + "\\\"";
    }

    @Test
    void productionRestartsAtOnceWhateverDelayRestartOnErrorGives() throws Exception {
        String config = runtimeWith("\"restartOnError\": 60000, ", "api", service("api", "probe"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            rt.kill("api:0");

            rt.awaitLog(worker(0, "api") + " is being restarted ...", LIMIT);
            rt.awaitLog(worker(1, "api") + " has been successfully restarted.", LIMIT);
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    @Test
    void developmentHonoursEachFormOfRestartOnErrorPerService() throws Exception {
        String config = runtime("api", service("api", "probe"),
                service("ms", "probe", "\"restartOnError\": 300"),
                service("yes", "probe", "\"restartOnError\": true"),
                service("tiny", "probe", "\"restartOnError\": 5"),
                service("off", "probe", "\"restartOnError\": false"),
                service("zero", "probe", "\"restartOnError\": 0"));
        try (var rt = RuntimeUnderTest.configure(dir, config, RuntimeOptions.DEFAULTS.withDevelopment(true)).start()) {
            for (String id : List.of("ms", "yes", "tiny", "off", "zero")) {
                rt.kill(id + ":0");
            }

            rt.awaitLog(worker(0, "ms") + " will be restarted in 300ms ...", LIMIT);
            rt.awaitLog(worker(0, "yes") + " will be restarted in 5000ms ...", LIMIT);
            rt.awaitLog(worker(0, "tiny") + " is being restarted ...", LIMIT);
            rt.awaitLog(worker(0, "off") + " is no longer available.", LIMIT);
            rt.awaitLog(worker(0, "zero") + " is no longer available.", LIMIT);
            rt.awaitLog(worker(1, "ms") + " has been successfully restarted.", LIMIT);
            rt.awaitLog(worker(1, "tiny") + " has been successfully restarted.", LIMIT);

            assertThat(rt.supervisor().unavailableServices()).contains("off", "zero").doesNotContain("api", "ms", "tiny");
            assertThat(rt.get("/call?url=http://off.rt.local/hello").body()).startsWith("503 ")
                    .contains("RT_SERVICE_UNAVAILABLE");
            assertThat(rt.get("/call?url=http://ms.rt.local/hello").body()).isEqualTo("200 hello");
            assertThat(rt.log()).doesNotContain(worker(1, "off")).doesNotContain(worker(1, "zero"));
        }
    }

    @Test
    void aCrashLoopIsRestartedWithExponentialBackoff() throws Exception {
        String config = runtime("api", service("api", "probe"),
                // it must be seen ready before it dies, however loaded the machine, and die well within Backoff.STABLE
                service("loop", "crash-after-start", "\"env\": {\"CRASH_AFTER_MS\": \"2500\"}"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            rt.awaitLog("is being restarted ...", LIMIT);
            rt.awaitLog("will be restarted in 100ms ...", LIMIT);
            rt.awaitLog("will be restarted in 200ms ...", LIMIT);
            String announced = rt.awaitLog("will be restarted in 400ms ...", LIMIT);
            Matcher index = Pattern.compile("The worker (\\d+) of").matcher(announced);
            assertThat(index.find()).isTrue();
            String next = "Starting the worker " + (Integer.parseInt(index.group(1)) + 1) + " of the service \\\"loop\\\"";
            String relaunched = rt.awaitLog(next, LIMIT);

            assertThat(time(relaunched) - time(announced)).as("ms between the announcement and the restart")
                    .isGreaterThanOrEqualTo(400);
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    @Test
    void anUncaughtExceptionEndsTheWorkerWithCode20AndItIsRestarted() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "throws-uncaught"))).start()) {
            assertThat(rt.get("/throw").body()).isEqualTo("thrown");

            rt.awaitLog(worker(0, "api") + " unexpectedly exited with code 20.", LIMIT);
            rt.awaitLog(worker(1, "api") + " has been successfully restarted.", LIMIT);
            rt.awaitLog("threw an uncaught exception: java.lang.IllegalStateException: throws-uncaught: nobody catches"
                    + " this"); // the worker's own line
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    @Test
    void withExitOnUnhandledErrorsOffAnUncaughtExceptionLeavesTheWorkerServing() throws Exception {
        String config = runtimeWith("\"exitOnUnhandledErrors\": false, ", "api", service("api", "throws-uncaught"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            long pid = rt.worker("api:0").pid();

            assertThat(rt.get("/throw").body()).isEqualTo("thrown");

            rt.awaitLog("Exception in thread \\\"throws-uncaught\\\" java.lang.IllegalStateException", LIMIT);
            assertThat(rt.get("/whoami").body()).contains("\"pid\":" + pid);
            assertThat(rt.log()).doesNotContain("unexpectedly exited");
        }
    }

    private static long time(String jsonLine) {
        Matcher matcher = TIME.matcher(jsonLine);
        assertThat(matcher.find()).as("time in %s", jsonLine).isTrue();
        return Long.parseLong(matcher.group(1));
    }
}
