package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reload with real worker JVMs: every worker replaced, one at a time per service, under load. */
class ReloadIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void reloadReplacesEveryWorkerWhileNoRequestFails() throws Exception {
        String config = runtime("api", service("api", "probe"), service("back", "probe", "\"workers\": 2"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start();
                Load load = Load.start(List.of(rt.url() + "/hello", rt.url() + "/call?url=http://back.rt.local/whoami"), 2,
                        body -> body.equals("hello") || body.startsWith("200 {"))) {
            List<Long> before = rt.workers().stream().map(WorkerView::pid).toList();
            load.awaitSuccesses(20, LIMIT);

            rt.supervisor().reload().get(LIMIT.toSeconds(), TimeUnit.SECONDS);
            load.awaitSuccesses(20, LIMIT);
            load.close();

            assertThat(load.failures()).isEmpty();
            assertThat(rt.workers()).extracting(WorkerView::label).containsExactlyInAnyOrder("api:1", "back:2", "back:3");
            assertThat(rt.workers()).extracting(WorkerView::pid).doesNotContainAnyElementsOf(before);
            assertThat(rt.log()).contains("All services have been restarted.").doesNotContain("Killing it")
                    .doesNotContain("unexpectedly exited");
            String log = rt.log();
            assertThat(log.indexOf("Stopped the worker 0 of the service \\\"back\\\"")).as("one worker at a time")
                    .isLessThan(log.indexOf("Starting the worker 3 of the service \\\"back\\\""));
        }
    }
}
