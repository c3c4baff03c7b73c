package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.kind.testing.TestPorts;
import dev.rt.supervisor.metrics.MetricsFormat;
import dev.rt.supervisor.scheduler.JobScheduler;
import dev.rt.supervisor.scheduler.JobStatus;
import dev.rt.supervisor.scheduler.PausedJobs;
import dev.rt.supervisor.scheduler.UnknownJobException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scheduler of a real runtime, calling a test server and a real worker through the mesh. */
class SchedulerIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void jobsFireEverySecondWithTheirRequestRetryWithBackoffAndSayWhyTheyFail() throws Exception {
        try (CallbackServer target = new CallbackServer(); TestPorts.Held closed = TestPorts.refusing()) {
            String jobs = "\"scheduler\": ["
                    + job("tick", "* * * * * *", target.url("/ok"),
                            "\"method\": \"POST\", \"body\": {\"n\": 1}, \"headers\": {\"x-job\": \"tick\","
                                    + " \"X-RT-IDENTITY\": \"the job's own\"}") + ", "
                    + job("flaky", "* * * * * *", target.url("/flaky"), "\"maxRetries\": 3") + ", "
                    + job("mesh", "* * * * * *", "http://api.rt.local/slow?ms=1", "\"method\": \"GET\"") + ", "
                    + job("down", "* * * * * *", "http://127.0.0.1:" + closed.port() + "/", "\"maxRetry\": 2") + ", "
                    + job("off", "* * * * * *", target.url("/ok"), "\"enabled\": false") + "], ";
            try (var rt = RuntimeUnderTest.configure(dir, runtimeWith(jobs, "api", service("api", "probe"))).start()) {
                List<CallbackServer.Call> ticks = target.await("/ok", 4, WAIT);
                CallbackServer.Call tick = ticks.get(0);
                assertThat(tick.method()).isEqualTo("POST");
                assertThat(tick.body()).isEqualTo("{\"n\":1}");
                assertThat(tick.headers()).containsEntry("content-type", "application/json")
                        .containsEntry("x-job", "tick").containsEntry("x-retry-attempt", "1");
                assertThat(tick.headers()).as("the runtime's identity never leaves it, nor does a job set one")
                        .doesNotContainKey("x-rt-identity");
                long spanSeconds = (ticks.get(ticks.size() - 1).arrivedNanos() - ticks.get(0).arrivedNanos()) / 1_000_000_000L;
                assertThat(ticks).as("one firing a second (a late one may arrive up to a second later)")
                        .hasSizeLessThanOrEqualTo((int) spanSeconds + 2);

                List<CallbackServer.Call> flaky = target.await("/flaky", 3, WAIT).subList(0, 3);
                assertThat(flaky).extracting(c -> c.headers().get("x-retry-attempt")).containsExactly("1", "2", "3");
                assertThat(flaky.get(1).arrivedNanos() - flaky.get(0).answeredNanos())
                        .isGreaterThanOrEqualTo(Duration.ofMillis(200).toNanos());
                assertThat(flaky.get(2).arrivedNanos() - flaky.get(1).answeredNanos())
                        .isGreaterThanOrEqualTo(Duration.ofMillis(400).toNanos());

                rt.awaitLog(logged("Scheduler \"flaky\" executed successfully"), WAIT);
                rt.awaitLog(logged("Scheduler \"mesh\" executed successfully"), WAIT);
                rt.awaitLog(logged("Scheduler \"down\" failed after 2 attempts"), WAIT);
                // the worker's line comes through its stdout, the scheduler's are queued: each is waited for
                rt.awaitLogs("slow request started",
                        logged("Configuring scheduler \"tick\" with cron \"* * * * * *\""),
                        logged("Executing scheduler \"tick\""),
                        logged("Error executing scheduler \"flaky\" (attempt 1/3): HTTP error 500"),
                        logged("Retrying scheduler \"flaky\" in 200ms (attempt 2/3)"),
                        logged("Retrying scheduler \"flaky\" in 400ms (attempt 3/3)"),
                        logged("Error executing scheduler \"down\" (attempt 1/2): ConnectException"));
                assertThat(rt.log()).doesNotContain(logged("scheduler \"off\""));

                JobScheduler scheduler = rt.supervisor().scheduler().orElseThrow();
                assertThat(scheduler.jobs()).extracting(j -> j.config().name())
                        .containsExactly("tick", "flaky", "mesh", "down");
                JobStatus down = scheduler.jobs().get(3);
                assertThat(down.lastStatus()).contains(JobStatus.FAILED);
                assertThat(down.nextRunAt()).isPresent();

                String metrics = rt.supervisor().metrics(MetricsFormat.TEXT).join();
                assertThat(metrics).containsPattern("rt_scheduler_job_runs_total\\{job=\"tick\"} [1-9]")
                        .containsPattern("rt_scheduler_job_failures_total\\{job=\"down\"} [1-9]")
                        .contains("rt_scheduler_job_failures_total{job=\"tick\"} 0.0")
                        .containsPattern("rt_scheduler_job_duration_seconds_count\\{job=\"flaky\"} [1-9]");
            }
        }
    }

    @Test
    void pausedJobsDoNotFireRunNowRunsThemAndARestartOfTheRuntimeKeepsThemPaused() throws Exception {
        PausedJobs paused = new PausedJobs();
        try (CallbackServer target = new CallbackServer()) {
            String jobs = "\"scheduler\": [" + job("tick", "* * * * * *", target.url("/ok"), "\"method\": \"GET\"") + ", "
                    + job("beat", "* * * * * *", target.url("/beat"), "\"method\": \"GET\"") + "], ";
            String config = runtimeWith(jobs, "api", service("api", "probe"));
            int ticks;
            try (var rt = RuntimeUnderTest.configure(dir, config)) {
                rt.supervisor().keepsPausedJobsIn(paused);
                rt.start();
                target.await("/ok", 1, WAIT);
                JobScheduler scheduler = rt.supervisor().scheduler().orElseThrow();
                JobStatus status = scheduler.pause("tick");
                assertThat(status.paused()).isTrue();
                assertThat(status.nextRunAt()).isEmpty();
                rt.awaitLog(logged("Scheduler \"tick\" paused"), WAIT);

                int before = target.arrived("/ok");
                // a run fired before the pause holds the job: running it now waits for that run to end first
                assertThat(scheduler.run("tick").success()).isTrue();
                ticks = target.arrived("/ok");
                assertThat(ticks).isGreaterThan(before);
                awaitMoreBeats(target, 2);
                assertThat(target.arrived("/ok")).isEqualTo(ticks);

                assertThat(scheduler.run("tick").success()).isTrue();
                ticks++;
                assertThat(target.arrived("/ok")).isEqualTo(ticks);
                assertThatThrownBy(() -> scheduler.pause("nope")).isInstanceOf(UnknownJobException.class)
                        .hasMessage("Scheduler \"nope\" not found");
            }
            Files.delete(dir.resolve("rt.json"));
            try (var rt = RuntimeUnderTest.configure(dir, config)) {
                rt.supervisor().keepsPausedJobsIn(paused);
                rt.start();
                JobScheduler scheduler = rt.supervisor().scheduler().orElseThrow();
                assertThat(scheduler.jobs().get(0).paused()).isTrue();
                awaitMoreBeats(target, 2);
                assertThat(target.arrived("/ok")).isEqualTo(ticks);

                assertThat(scheduler.resume("tick").nextRunAt()).isPresent();
                target.await("/ok", ticks + 1, WAIT);
                rt.awaitLog(logged("Scheduler \"tick\" resumed"), WAIT);
            }
        }
    }

    @Test
    void aStoppingRuntimeStopsItsJobsFirstAndLetsTheCallInFlightFinish() throws Exception {
        try (CallbackServer target = new CallbackServer()) {
            String jobs = "\"gracefulShutdown\": {\"service\": 5000, \"runtime\": 20000}, \"scheduler\": ["
                    + job("slow", "* * * * * *", target.url("/slow?ms=1500"), "\"method\": \"GET\"") + "], ";
            try (var rt = RuntimeUnderTest.configure(dir, runtimeWith(jobs, "api", service("api", "probe"))).start()) {
                target.awaitArrival("/slow", WAIT);
                rt.supervisor().stop();
                assertThat(target.arrived("/slow")).isEqualTo(1);
                String log = rt.log();
                assertThat(log).contains(logged("Scheduler \"slow\" executed successfully"));
                assertThat(log.indexOf(logged("Scheduler \"slow\" executed successfully")))
                        .isLessThan(log.indexOf(logged("Stopping the worker 0 of the service \"api\"")));
            }
        }
    }

    @Test
    void aCallStillGoingWhenTheGraceEndsIsAbandonedAndTheRuntimeStops() throws Exception {
        try (CallbackServer target = new CallbackServer()) {
            String jobs = "\"gracefulShutdown\": {\"service\": 1000, \"runtime\": 20000}, \"scheduler\": ["
                    + job("stuck", "* * * * * *", target.url("/slow?ms=30000"), "\"maxRetry\": 3") + "], ";
            try (var rt = RuntimeUnderTest.configure(dir, runtimeWith(jobs, "api", service("api", "probe"))).start()) {
                target.awaitArrival("/slow", WAIT);
                long began = System.nanoTime();
                rt.supervisor().stop();
                assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(30));
                assertThat(rt.log()).contains("A scheduler job was still running after 1000 ms");
                rt.awaitLog(logged("Error executing scheduler \"stuck\" (attempt 1/3): interrupted while the runtime stopped"),
                        WAIT);
                assertThat(rt.log()).doesNotContain(logged("Retrying scheduler \"stuck\""));
                assertThat(target.arrived("/slow")).isEqualTo(1);
            }
        }
    }

    /** A message as the JSON log line carries it: its quotes escaped. */
    private static String logged(String message) {
        return message.replace("\"", "\\\"");
    }

    @Test
    void aClusterDatabaseThatRefusesConnectionsStopsTheStartWithAClearError() throws Exception {
        TestPorts.Held closed = TestPorts.refusing();
        int port = closed.port();
        String jobs = "\"scheduler\": [" + job("tick", "* * * * * *", "http://api.rt.local/hello", "") + "], "
                + "\"schedulerCluster\": {\"connectionString\": \"postgres://rt:secret@127.0.0.1:" + port + "/rt\"}, ";
        try (closed; var rt = RuntimeUnderTest.configure(dir, runtimeWith(jobs, "api", service("api", "probe")))) {
            assertThatThrownBy(rt::start).isInstanceOf(dev.rt.config.error.RtException.class)
                    .hasMessage("cannot connect to the schedulerCluster database jdbc:postgresql://127.0.0.1:"
                            + port + "/rt: Connection refused (check schedulerCluster.connectionString)")
                    .extracting(e -> ((dev.rt.config.error.RtException) e).code()).isEqualTo("RT_SCHEDULER_START_FAILED");
            assertThat(rt.pids()).isNotEmpty()
                    .allMatch(pid -> !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        }
    }

    private static void awaitMoreBeats(CallbackServer target, int more) throws InterruptedException {
        target.await("/beat", target.calls("/beat").size() + more, WAIT);
    }

    private static String job(String name, String cron, String url, String extra) {
        return "{\"name\": \"" + name + "\", \"cron\": \"" + cron + "\", \"callbackUrl\": \"" + url + "\""
                + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }
}
