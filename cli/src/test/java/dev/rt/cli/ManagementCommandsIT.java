package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rt ps, rt ctl, rt logs and rt inject as separate processes against real runtimes started with rt start. Each
 * test has its own {@code java.io.tmpdir}, so runtimes of other tests on this machine are not seen.
 */
class ManagementCommandsIT {
    static final Duration START = Duration.ofSeconds(60);
    static final Duration COMMAND = Duration.ofSeconds(60);

    @TempDir
    Path tmp;
    private final List<RtProcess> processes = new ArrayList<>();

    @AfterEach
    void killEverything() {
        processes.forEach(RtProcess::close);
    }

    /** A project folder {@code name} with a managed runtime of two probe services, front (entrypoint) and back. */
    Path project(String name, boolean managementApi) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("projects").resolve(name));
        String probe = Fixtures.testdata().resolve("apps/probe").toString();
        Files.writeString(dir.resolve("rt.json"), "{" + (managementApi ? "\"managementApi\": true, " : "")
                + "\"entrypoint\": \"front\", \"server\": {\"port\": 0}, \"services\": ["
                + "{\"id\": \"front\", \"path\": \"" + probe + "\", \"env\": {\"GREETING\": \"hi\"}}, "
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

    @Test
    void psListsZeroOneAndTwoRuntimesAndRemovesAStaleSocket() throws Exception {
        Path a = project("alpha", true);
        Path b = project("beta", true);
        Result none = rt(tmp, "ps");
        assertThat(none.code()).isZero();
        assertThat(none.stdout()).isEqualTo("No runtimes found.");

        RtProcess alpha = start(a);
        Result one = rt(tmp, "ps");
        assertThat(one.stdout().lines().toList()).hasSize(2);
        assertThat(one.stdout().lines().findFirst().orElseThrow())
                .matches("PID +Name +Version +Uptime +URL +Directory");
        assertThat(one.stdout()).containsPattern(alpha.pid() + " +alpha +\\S+ +(now|\\d+s) +http://127\\.0\\.0\\.1:\\d+ +\\.\\.\\./.*projects/alpha");

        RtProcess beta = start(b);
        Path stale = pids().resolve("999999999");
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(stale));
        }
        assertThat(stale).exists();
        Result two = rt(tmp, "ctl", "ps");
        assertThat(two.code()).isZero();
        assertThat(two.stdout().lines().toList()).hasSize(3);
        assertThat(two.stdout()).contains(alpha.pid() + "  alpha").contains(beta.pid() + "  beta ");
        assertThat(stale).doesNotExist();
        assertThat(pids().resolve(String.valueOf(alpha.pid()))).exists();
        assertThat(Files.getPosixFilePermissions(pids()).size()).isEqualTo(9);
    }

    @Test
    void controlCommandsChooseTheRuntimeByPidNameOrDirectory() throws Exception {
        Path a = project("alpha", true);
        Path b = project("beta", true);
        RtProcess alpha = start(a);
        start(b);
        Result ambiguous = rt(tmp, "ctl", "services");
        assertThat(ambiguous.code()).isEqualTo(5);
        assertThat(ambiguous.stderr()).startsWith("rt: Cannot find a runtime started from " + tmp.toRealPath())
                .contains(alpha.pid() + " (alpha, " + a.toRealPath() + ")").contains("(beta, ");
        assertThat(rt(tmp, "ctl", "config", "-n", "beta").stdout()).contains("\"entrypoint\" : \"front\"");
        assertThat(rt(tmp, "ctl", "env", "-p", String.valueOf(alpha.pid()), "-s", "front").stdout())
                .contains("GREETING=hi");
        Result fromDirectory = rt(a, "ctl", "env");
        assertThat(fromDirectory.code()).isZero();
        assertThat(fromDirectory.stdout()).contains("RT_ROOT=" + a.toRealPath());
        Result unknown = rt(tmp, "ctl", "stop", "-n", "gamma");
        assertThat(unknown.code()).isEqualTo(5);
        assertThat(unknown.stderr()).startsWith("rt: Cannot find a runtime named \"gamma\". Running runtimes: ");
    }

    @Test
    void commandsSayWhenNoRuntimeHasTheManagementApi() throws Exception {
        Path plain = project("plain", false);
        start(plain);
        for (String[] command : List.of(new String[] {"ctl", "services"}, new String[] {"logs"},
                new String[] {"inject", "/hello"}, new String[] {"ctl", "metrics"})) {
            Result result = rt(plain, command);
            assertThat(result.code()).as(String.join(" ", command)).isEqualTo(5);
            assertThat(result.stderr()).isEqualTo("rt: No runtime with the management API is running. Enable it with "
                    + "\"managementApi\": true in the runtime configuration, then start rt again.");
        }
        assertThat(rt(plain, "ps").stdout()).isEqualTo("No runtimes found.");
    }

    @Test
    void ctlServicesConfigEnvMetricsRestartReloadAndStop() throws Exception {
        Path a = project("alpha", true);
        RtProcess alpha = start(a);
        Result services = rt(a, "ctl", "services");
        assertThat(services.stdout().lines().toList()).containsExactly(
                "NAME   WORKERS  TYPE  STATUS   ENTRYPOINT",
                "front  1        java  started  yes",
                "back   2        java  started  no");
        assertThat(rt(a, "ctl", "config", "-s", "back").stdout()).contains("\"build\" : \"dev.rt.testdata.probe.Probe\"");
        assertThat(rt(a, "ctl", "env").stdout()).doesNotContain("GREETING=");

        Result metrics = rt(a, "ctl", "metrics", "-f", "text");
        assertThat(metrics.code()).isEqualTo(1);
        assertThat(metrics.stderr()).isEqualTo("rt: Metrics are not available in this build");

        String before = rt(a, "inject", "-s", "back:0", "/whoami").stdout();
        Result restart = rt(a, "ctl", "restart", "back");
        assertThat(restart.code()).isZero();
        assertThat(restart.stdout()).isEqualTo("Restarted back of the runtime " + alpha.pid() + ".");
        alpha.awaitStdout("Stopped the worker 1 of the service \\\"back\\\"", COMMAND);
        Result gone = rt(a, "inject", "-s", "back:0", "/whoami");
        assertThat(gone.code()).isEqualTo(1);
        assertThat(gone.stderr()).isEqualTo("rt: Worker 0 of service back not found. Available workers are: 2, 3");
        assertThat(rt(a, "inject", "-s", "back:2", "/whoami").stdout()).isNotEqualTo(before).contains("\"worker\":2");

        Result reload = rt(a, "ctl", "reload");
        assertThat(reload.stdout()).isEqualTo("The runtime " + alpha.pid() + " is reloading.");
        alpha.awaitStdout("The runtime has been restarted.", START);
        assertThat(rt(a, "ctl", "services").stdout()).contains("back   2        java  started  no");

        Result stop = rt(a, "ctl", "stop");
        assertThat(stop.stdout()).isEqualTo("Stopped the runtime " + alpha.pid() + " (alpha, " + a.toRealPath() + ").");
        assertThat(alpha.awaitExit(COMMAND)).isZero();
        assertThat(pids().resolve(String.valueOf(alpha.pid()))).doesNotExist();
        assertThat(rt(a, "ps").stdout()).isEqualTo("No runtimes found.");
    }
}
