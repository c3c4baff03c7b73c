package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rt.config.error.RtException;
import dev.rt.supervisor.worker.WorkerState;
import dev.rt.supervisor.worker.WorkerView;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SupervisorIT {
    private static final Pattern PID = Pattern.compile("\"pid\":(\\d+)");
    /** Start failures are retried five times unless restartOnError is off (StartRulesIT covers retries). */
    private static final String NO_RETRY = "\"restartOnError\": false, ";

    @TempDir
    Path dir;

    @Test
    void entrypointAnswersAndReachesAnotherServiceOverTheMesh() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe"), service("back", "probe"))).start()) {
            assertThat(rt.get("/hello").body()).isEqualTo("hello");

            HttpResponse<String> call = rt.get("/call?url=http://back.rt.local/whoami");
            assertThat(call.statusCode()).isEqualTo(200);
            assertThat(call.body()).startsWith("200 {").contains("\"service\":\"back\"");
        }
    }

    @Test
    void unknownMeshHostGetsA502NamingTheServicesThatExist() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe"), service("back", "probe"))).start()) {
            String body = rt.get("/call?url=http://nope.rt.local/x").body();
            assertThat(body).startsWith("502 ")
                    .contains("\"code\":\"RT_SERVICE_NOT_FOUND\"")
                    .contains("Service \\\"nope\\\" not found. Available services are: api, back");
        }
    }

    @Test
    void severalWorkersOfAServiceAnswerInTurnEachInItsOwnJvm() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir,
                runtime("api", service("api", "probe"), service("back", "probe", "\"workers\": 2"))).start()) {
            List<Long> pids = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                pids.add(pid(rt.get("/call?url=http://back.rt.local/whoami").body()));
            }
            assertThat(Set.copyOf(pids)).hasSize(2);
            assertThat(pids.get(0)).isEqualTo(pids.get(2)).isNotEqualTo(pids.get(1));
            assertThat(pids.get(1)).isEqualTo(pids.get(3));
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactlyInAnyOrder("api:0", "back:0", "back:1");
        }
    }

    @Test
    void entrypointRunsOneWorkerWhateverWorkersSays() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir,
                "{\"workers\": 3, \"server\": {\"port\": 0}, \"services\": [" + service("api", "probe") + "]}").start()) {
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactly("api:0");
        }
    }

    @Test
    void killedWorkerIsReplacedWithANewIndexWhileTheOtherKeepsAnswering() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir,
                runtime("api", service("api", "probe"), service("back", "probe", "\"workers\": 2"))).start()) {
            WorkerView victim = rt.workers().stream().filter(w -> w.label().equals("back:0")).findFirst().orElseThrow();
            ProcessHandle.of(victim.pid()).orElseThrow().destroyForcibly();
            ProcessHandle.of(victim.pid()).ifPresent(p -> p.onExit().join());

            for (int i = 0; i < 10; i++) {
                assertThat(rt.get("/call?url=http://back.rt.local/whoami").body()).startsWith("200 ");
            }
            rt.awaitLog("The worker 2 of the service \\\"back\\\" has been successfully restarted.", Duration.ofSeconds(20));
            WorkerView replacement = rt.workers().stream().filter(w -> w.label().equals("back:2")).findFirst().orElseThrow();
            assertThat(replacement.state()).isEqualTo(WorkerState.STARTED);
            assertThat(replacement.pid()).isNotEqualTo(victim.pid());
            assertThat(rt.log()).contains("The worker 0 of the service \\\"back\\\" unexpectedly exited with code 137.");
        }
    }

    @Test
    void argumentsAndEnvironmentReachAWrappedMain() throws Exception {
        String svc = service("app", "self-serving", "\"arguments\": [\"one\", \"two words\"], \"env\": {\"GREETING\": \"hi\"}");
        try (var rt = RuntimeUnderTest.configure(dir, runtime("app", svc)).start()) {
            assertThat(rt.get("/args").body()).isEqualTo("one two words");
            assertThat(rt.get("/env?name=GREETING").body()).isEqualTo("hi");
        }
    }

    @Test
    void missingBuildClassFailsTheStartWithAClearMessageAndLeavesNoJvm() throws Exception {
        var rt = RuntimeUnderTest.configure(dir, runtimeWith(NO_RETRY, "api", service("api", "missing-class")));
        try (rt) {
            assertThatThrownBy(rt::start)
                    .isInstanceOf(RtException.class)
                    .hasMessageStartingWith("the worker 0 of the service \"api\" failed to start: ")
                    .hasMessageContaining("dev.rt.testdata.NoSuchClass");
        }
        assertNoWorkerAlive(rt);
    }

    @Test
    void buildReturningTheWrongTypeFailsTheStart() throws Exception {
        var rt = RuntimeUnderTest.configure(dir, runtimeWith(NO_RETRY, "api", service("api", "wrong-type")));
        try (rt) {
            assertThatThrownBy(rt::start).hasMessageContaining("dev.rt.testdata.broken.WrongType")
                    .hasMessageContaining("HttpHandler");
        }
        assertNoWorkerAlive(rt);
    }

    @Test
    void buildThatThrowsFailsTheStartAndStopsServicesAlreadyStarted() throws Exception {
        var rt = RuntimeUnderTest.configure(dir,
                runtimeWith(NO_RETRY, "api", service("back", "probe"), service("api", "throws-on-build")));
        try (rt) {
            assertThatThrownBy(rt::start).hasMessageContaining("the database is not reachable");
        }
        assertThat(rt.pids()).hasSizeGreaterThanOrEqualTo(2);
        assertNoWorkerAlive(rt);
    }

    private static void assertNoWorkerAlive(RuntimeUnderTest rt) {
        for (long pid : rt.pids()) {
            ProcessHandle.of(pid).ifPresent(p -> {
                boolean exited = p.onExit().completeOnTimeout(null, 5, java.util.concurrent.TimeUnit.SECONDS).join() != null;
                assertThat(exited).as("worker pid %d has exited", pid).isTrue();
            });
        }
    }

    private static long pid(String body) {
        Matcher matcher = PID.matcher(body);
        assertThat(matcher.find()).as("pid in %s", body).isTrue();
        return Long.parseLong(matcher.group(1));
    }
}
