package dev.rt.supervisor.management;

import dev.rt.supervisor.Fixtures;
import dev.rt.supervisor.RuntimeOptions;
import dev.rt.supervisor.Supervisor;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.supervisor.log.RuntimeLog;
import dev.rt.supervisor.worker.WorkerState;
import dev.rt.supervisor.worker.WorkerView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real supervisor with real worker JVMs and its management API, from an {@code rt.json} written to a folder.
 * Closing stops it and kills any worker JVM still alive, even when the test failed.
 */
final class ManagedRuntimeUnderTest implements AutoCloseable {
    private final Supervisor supervisor;
    private final RuntimeLog log;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final Set<Long> pids = ConcurrentHashMap.newKeySet();

    private ManagedRuntimeUnderTest(Path dir) {
        this.log = new RuntimeLog(new PrintStream(output, true, StandardCharsets.UTF_8), false);
        this.supervisor = new Supervisor(new RuntimeConfigLoader(Map.of(), dir).load(Optional.empty()),
                RuntimeOptions.DEFAULTS, log, Map.of("RT_CLASS_DATA_SHARING", "false", "RT_TEST_MARKER", "marked"));
    }

    static ManagedRuntimeUnderTest start(Path dir, String runtimeJson) throws IOException {
        Files.writeString(dir.resolve("rt.json"), runtimeJson);
        ManagedRuntimeUnderTest runtime = new ManagedRuntimeUnderTest(dir);
        try {
            runtime.supervisor.start();
        } catch (RuntimeException e) {
            runtime.close();
            throw e;
        }
        runtime.pidsOf("");
        return runtime;
    }

    /** A service entry running the probe fixture, with extra settings ({@code extra} may be empty). */
    static String probe(String id, String extra) {
        return "{\"id\": \"" + id + "\", \"path\": \"" + Fixtures.app("probe") + "\"" + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }

    Supervisor supervisor() {
        return supervisor;
    }

    RuntimeLog log() {
        return log;
    }

    String url() {
        return supervisor.url();
    }

    /** The pids of the started workers of the service (all services for ""). */
    List<Long> pidsOf(String serviceId) {
        List<WorkerView> workers = supervisor.workers();
        workers.forEach(w -> pids.add(w.pid()));
        return workers.stream().filter(w -> serviceId.isEmpty() || w.serviceId().equals(serviceId))
                .filter(w -> w.state() == WorkerState.STARTED).map(WorkerView::pid).toList();
    }

    String output() {
        return output.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            pidsOf("");
            supervisor.stop();
        } finally {
            pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }
}
