package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.Await;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** rt ps and rt ctl as separate processes against real runtimes started with rt start. */
class ManagementCommandsIT extends ManagedRuntimes {
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
        assertThat(two.stdout()).containsPattern("(?m)^" + alpha.pid() + " +alpha ").containsPattern("(?m)^" + beta.pid() + " +beta ");
        assertThat(stale).doesNotExist();
        assertThat(pids().resolve(String.valueOf(alpha.pid()))).exists();
        for (Path shared : List.of(pids(), pids().getParent())) {
            assertThat((Integer) Files.getAttribute(shared, "unix:mode") & 07777).as("mode of " + shared).isEqualTo(01777);
        }
        assertThat((Integer) Files.getAttribute(pids().resolve(String.valueOf(alpha.pid())), "unix:mode") & 0777)
                .isEqualTo(0600);
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
        String verbose = rt(a, "ctl", "services", "-v").stdout();
        assertThat(verbose).startsWith(services.stdout()).contains("\nfront:0 (pid ").contains("\nback:1 (pid ")
                .containsPattern("\n  \\S*java .*-cp \\S+ dev\\.rt\\.agent\\.WorkerMain\n");
        assertThat(rt(a, "ctl", "config", "-s", "back").stdout()).contains("\"build\" : \"dev.rt.testdata.probe.Probe\"");
        assertThat(rt(a, "ctl", "env").stdout()).doesNotContain("GREETING=");
        String shown = rt(a, "ctl", "config").stdout();
        assertThat(shown).contains("\"DB_PASSWORD\" : \"[redacted]\"", "postgres://app:[redacted]@db/app",
                "\"GREETING\" : \"hi\"").doesNotContain("hunter2", "pw0rd");
        String env = rt(a, "ctl", "env", "-s", "front").stdout();
        assertThat(env).contains("DB_PASSWORD=[redacted]", "DATABASE_URL=postgres://app:[redacted]@db/app",
                "GREETING=hi").doesNotContain("hunter2", "pw0rd");

        // A worker registers its JVM metrics at its first scrape (~0.5 s of CPU); one that misses the scrape's
        // 2 s deadline on a loaded machine is left out of that scrape, and its late answer serves the next one,
        // so ask again until it is there.
        Result metrics = Await.atMost(START).alias("the worker back:1's figures in a scrape").until(
                () -> rt(a, "ctl", "metrics", "-f", "text"),
                // the worker's own figure: the supervisor's rt_worker_elu names back:1 before the worker answers
                scrape -> scrape.stdout().contains("jvm_memory_used_bytes{area=\"heap\",serviceId=\"back\",workerId=\"1\"}"));
        assertThat(metrics.code()).isZero();
        assertThat(metrics.stdout()).contains("# TYPE jvm_memory_used_bytes gauge")
                .contains("jvm_memory_used_bytes{area=\"heap\",serviceId=\"back\",workerId=\"1\"}");
        Result json = rt(a, "ctl", "metrics");
        assertThat(json.code()).isZero();
        assertThat(json.stdout()).startsWith("[").containsPattern("\"serviceId\"\\s*:\\s*\"front\"");

        String before = rt(a, "inject", "-s", "back:0", "/whoami").stdout();
        Result restart = rt(a, "ctl", "restart", "back");
        assertThat(restart.code()).isZero();
        assertThat(restart.stdout()).isEqualTo("Restarted back of the runtime " + alpha.pid() + ".");
        alpha.awaitStdout("Stopped the worker 1 of the service \\\"back\\\"", COMMAND);
        Result gone = rt(a, "inject", "-s", "back:0", "/whoami");
        assertThat(gone.code()).isEqualTo(1);
        assertThat(gone.stderr()).isEqualTo("rt: Worker 0 of service back not found. Available workers are: 2, 3");
        assertThat(rt(a, "inject", "-s", "back:2", "/whoami").stdout()).isNotEqualTo(before).contains("\"worker\":2");

        // rt logs follows the runtime across its reload: the new runtime's lines too, then its stop
        RtProcess logs = follow(a, "logs");
        String followed = "before-reload-" + System.nanoTime();
        Await.atMost(COMMAND).alias("rt logs following").until(() -> {
            rt(a, "inject", "-s", "front", "/log?line=" + followed);
            return logs.stdout().contains(followed);
        });
        Result reload = rt(a, "ctl", "reload");
        assertThat(reload.stdout()).isEqualTo("The runtime " + alpha.pid() + " is reloading.");
        alpha.awaitStdout("The runtime has been restarted.", START);
        assertThat(rt(a, "ctl", "services").stdout()).contains("back   2        java  started  no");
        logs.awaitStderr("The runtime " + alpha.pid() + " has reloaded; following its new log from its start.", START);
        String after = "after-reload-" + System.nanoTime();
        rt(a, "inject", "-s", "front", "/log?line=" + after);
        logs.awaitStdout(after, COMMAND);
        assertThat(logs.stdout()).as("the new log from its start").contains("rt is now listening at");

        Path config = a.resolve("rt.json");
        Files.writeString(config, Files.readString(config).replace("\"workers\": 2}", "\"workers\": 2, \"dependencies\": [\"front\"]}")
                .replace("@db/app\"}", "@db/app\"}, \"dependencies\": [\"back\"]"));
        assertThat(Files.readString(config)).contains("\"dependencies\": [\"back\"]").contains("[\"front\"]");
        Result cycle = rt(a, "ctl", "reload");
        assertThat(cycle.code()).isZero();
        assertThat(alpha.awaitStdout("Cannot restart the runtime: ", COMMAND)).contains("rt.json: /services/0/dependencies/0: "
                + "detected a cycle in the services dependencies: front -> back -> front");
        assertThat(alpha.process().isAlive()).isTrue();
        assertThat(rt(a, "ctl", "services").stdout()).contains("front  1        java  started  yes")
                .contains("back   2        java  started  no");

        Result stop = rt(a, "ctl", "stop");
        assertThat(stop.stdout()).isEqualTo("Stopped the runtime " + alpha.pid() + " (alpha, " + a.toRealPath() + ").");
        assertThat(alpha.awaitExit(COMMAND)).isZero();
        assertThat(logs.awaitExit(COMMAND)).as("rt logs ends with the runtime").isZero();
        logs.awaitOutputEnd(COMMAND);
        assertThat(logs.stderr()).contains("The runtime " + alpha.pid() + " has stopped.");
        assertThat(pids().resolve(String.valueOf(alpha.pid()))).doesNotExist();
        assertThat(rt(a, "ps").stdout()).isEqualTo("No runtimes found.");
    }
}
