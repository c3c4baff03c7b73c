package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** spareWorker: a booted JVM per single-worker service that takes a dead worker's place, with real worker JVMs. */
class SpareWorkerIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private static String spare(int index, String service) {
        return "The spare worker " + index + " of the service \\\"" + service + "\\\"";
    }

    private static WorkerView onlySpare(RuntimeUnderTest rt) {
        List<WorkerView> spares = rt.supervisor().spares();
        assertThat(spares).hasSize(1);
        return spares.get(0);
    }

    @Test
    void aKilledEntrypointServesAgainFromItsSpareAndANewSpareFollows() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe"))).start()) {
            rt.awaitLog(spare(1, "api") + " is ready to take over.", LIMIT);
            WorkerView spare = onlySpare(rt);
            assertThat(spare.label()).isEqualTo("api:1");
            assertThat(spare.spare()).isTrue();
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactly("api:0");

            rt.kill("api:0");

            rt.awaitLog(spare(1, "api") + " takes over.", LIMIT);
            rt.awaitLog("The worker 1 of the service \\\"api\\\" has been successfully restarted.", LIMIT);
            assertThat(rt.worker("api:1").pid()).as("the spare's JVM serves").isEqualTo(spare.pid());
            assertThat(rt.get("/whoami").body()).contains("\"pid\":" + spare.pid());
            rt.awaitLog(spare(2, "api") + " is ready to take over.", LIMIT);
            WorkerView next = onlySpare(rt);
            assertThat(next.label()).isEqualTo("api:2");
            assertThat(next.pid()).isNotEqualTo(spare.pid());
        }
    }

    @Test
    void aSpareThatDiesIsReplacedAndItsIndexGivenBack() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe"))).start()) {
            rt.awaitLog(spare(1, "api") + " is ready to take over.", LIMIT);
            long first = onlySpare(rt).pid();

            ProcessHandle process = ProcessHandle.of(first).orElseThrow();
            process.destroyForcibly();
            process.onExit().join();

            rt.awaitLog(spare(1, "api") + " exited with code 137; another spare JVM starts in 1000ms.", LIMIT);
            rt.awaitCount(spare(1, "api") + " is ready to take over.", 2, LIMIT);
            WorkerView second = onlySpare(rt);
            assertThat(second.label()).isEqualTo("api:1");
            assertThat(second.pid()).isNotEqualTo(first);
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
            assertThat(rt.log()).doesNotContain("unexpectedly exited");
        }
    }

    @Test
    void stoppingTheRuntimeLeavesNoSpareBehind() throws Exception {
        var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe")));
        long pid;
        try {
            rt.start();
            rt.awaitLog(spare(1, "api") + " is ready to take over.", LIMIT);
            pid = onlySpare(rt).pid();
            rt.supervisor().stop();
            Optional<ProcessHandle> left = ProcessHandle.of(pid);
            assertThat(left.isEmpty() || !left.get().isAlive()).as("the spare JVM %d is gone once stop returns", pid)
                    .isTrue();
        } finally {
            rt.close();
        }
        assertThat(rt.log()).contains("Stopping the spare worker 1 of the service \\\"api\\\".");
    }

    @Test
    void spareWorkerTrueGivesEverySingleWorkerServiceASpareAndFalseNone() throws Exception {
        String config = runtimeWith("\"spareWorker\": true, ", "api", service("api", "probe"),
                service("one", "probe"), service("two", "probe", "\"workers\": 2"),
                service("own", "probe", "\"workers\": 2, \"spareWorker\": true"),
                service("off", "probe", "\"spareWorker\": false"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            rt.awaitLog(spare(1, "api") + " is ready to take over.", LIMIT);
            rt.awaitLog(spare(1, "one") + " is ready to take over.", LIMIT);
            rt.awaitLog(spare(2, "own") + " is ready to take over.", LIMIT);

            assertThat(rt.supervisor().spares()).extracting(WorkerView::label)
                    .containsExactlyInAnyOrder("api:1", "one:1", "own:2");
            for (WorkerView spare : rt.supervisor().spares()) {
                assertThat(ProcessHandle.of(spare.pid()).map(ProcessHandle::isAlive)).contains(true);
            }
            assertThat(rt.log()).doesNotContain("The spare worker 2 of the service \\\"two\\\"")
                    .doesNotContain("The spare worker 1 of the service \\\"off\\\"");
        }
    }

    @Test
    void developmentKeepsNoSpare() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("api", service("api", "probe")),
                RuntimeOptions.DEFAULTS.withDevelopment(true)).start()) {
            rt.kill("api:0");
            rt.awaitLog("The worker 1 of the service \\\"api\\\" has been successfully restarted.", LIMIT);
            assertThat(rt.supervisor().spares()).isEmpty();
            assertThat(rt.log()).doesNotContain("The spare worker");
        }
    }
}
