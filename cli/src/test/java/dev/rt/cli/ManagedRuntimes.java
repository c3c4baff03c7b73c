package dev.rt.cli;

import dev.rt.cli.e2e.RtProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the management ITs share: projects with managed runtimes started by rt start, and rt commands run as
 * separate processes. Each test has its own {@code java.io.tmpdir}, so runtimes of other tests on this machine
 * are not seen; every process started is killed after the test.
 */
abstract class ManagedRuntimes {
    static final Duration START = Duration.ofSeconds(60);
    static final Duration COMMAND = Duration.ofSeconds(60);

    @TempDir
    Path tmp;
    private final List<RtProcess> processes = new ArrayList<>();

    @AfterEach
    void killEverything() {
        processes.forEach(RtProcess::close);
    }

    /**
     * A project folder {@code name} with a managed runtime of two probe services, front (entrypoint, with a secret in
     * its environment) and back.
     */
    Path project(String name, boolean managementApi) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("projects").resolve(name));
        String probe = Fixtures.testdata().resolve("apps/probe").toString();
        Files.writeString(dir.resolve("rt.json"), "{" + (managementApi ? "\"managementApi\": true, " : "")
                + "\"entrypoint\": \"front\", \"server\": {\"port\": 0}, \"services\": ["
                + "{\"id\": \"front\", \"path\": \"" + probe + "\", \"env\": {\"GREETING\": \"hi\", "
                + "\"DB_PASSWORD\": \"hunter2\", \"DATABASE_URL\": \"postgres://app:pw0rd@db/app\"}}, "
                + "{\"id\": \"back\", \"path\": \"" + probe + "\", \"workers\": 2}]}");
        return dir;
    }

    /** rt start in {@code dir}; returns once it listens. */
    RtProcess start(Path dir) throws Exception {
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), dir,
                Map.of("RT_CLASS_DATA_SHARING", "false"), "start", "--no-pretty");
        processes.add(rt);
        rt.awaitListening(START);
        return rt;
    }

    /** Kills {@code rt} and what it started after the test. */
    void track(RtProcess rt) {
        processes.add(rt);
    }

    /** An rt command run to its end in {@code dir}. */
    Result rt(Path dir, String... args) throws Exception {
        return rtAs(List.of(), dir, args);
    }

    Result rtAs(List<String> prefix, Path dir, String... args) throws Exception {
        try (RtProcess command = RtProcess.startWith(prefix, List.of("-Djava.io.tmpdir=" + tmp), dir, Map.of(), args)) {
            int code = command.awaitExit(COMMAND);
            command.awaitOutputEnd(COMMAND);
            return new Result(code, command.stdout(), command.stderr());
        }
    }

    /** rt logs (or any command that runs until stopped) in the background. */
    RtProcess follow(Path dir, String... args) throws IOException {
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), dir, Map.of(), args);
        processes.add(rt);
        return rt;
    }

    record Result(int code, String stdout, String stderr) {
    }

    Path pids() {
        return tmp.resolve("rt").resolve("pids");
    }

}
