package dev.rt.agent;

import static dev.rt.agent.FakeSupervisor.ack;
import static dev.rt.agent.FakeSupervisor.java;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.agent.fixtures.HangingShutdownBuild;
import dev.rt.kind.java.fixtures.HelloBuild;
import dev.rt.kind.java.testing.LoopbackHttp;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Ready;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How and with which status a real worker JVM ends when things go wrong. */
class WorkerExitProcessTest {
    private static final Duration ORPHAN_LIMIT = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    private FakeSupervisor supervisor;

    @AfterEach
    void destroyWorker() throws Exception {
        if (supervisor != null) {
            supervisor.close();
        }
    }

    private Ready startReady(String buildClass, boolean exitOnUnhandledErrors) throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("build", buildClass), dir, 1, exitOnUnhandledErrors));
        return supervisor.next(Ready.class);
    }

    @Test
    void workerWhoseSupervisorIsGoneExits22WithinTwoSeconds() throws Exception {
        startReady(HelloBuild.class.getName(), true);

        supervisor.closeConnection();

        assertThat(supervisor.awaitExit(ORPHAN_LIMIT)).as("exit 22, or SIGKILL by its own watchdog")
                .isIn(Protocol.EXIT_SUPERVISOR_GONE, 128 + 9);
        assertThat(supervisor.stderr().whenEnded(FakeSupervisor.TIMEOUT))
                .contains("rt worker api:0: lost the supervisor connection, exiting");
    }

    @Test
    void hangingShutdownHookDoesNotKeepAnOrphanAlive() throws Exception {
        startReady(HangingShutdownBuild.class.getName(), true);

        supervisor.closeConnection();

        assertThat(supervisor.awaitExit(ORPHAN_LIMIT)).as("exit 22, or SIGKILL by its own watchdog")
                .isIn(Protocol.EXIT_SUPERVISOR_GONE, 128 + 9);
        assertThat(supervisor.stdout().whenEnded(FakeSupervisor.TIMEOUT)).contains("hanging shutdown hook started");
    }

    @Test
    void uncaughtExceptionOnAnApplicationThreadExits20() throws Exception {
        Ready ready = startReady(HelloBuild.class.getName(), true);

        LoopbackHttp.getAsync(ready.port(), "/crash-thread");

        assertThat(supervisor.awaitExit(Duration.ofSeconds(10))).isEqualTo(Protocol.EXIT_UNHANDLED_ERROR);
        assertThat(supervisor.stderr().whenEnded(FakeSupervisor.TIMEOUT))
                .contains("The worker 0 of the service \"api\" threw an uncaught exception:"
                        + " java.lang.IllegalStateException: crash requested")
                .contains("\tat " + HelloBuild.class.getName());
    }

    @Test
    void uncaughtExceptionIsSurvivedWhenExitOnUnhandledErrorsIsOff() throws Exception {
        Ready ready = startReady(HelloBuild.class.getName(), false);

        assertThat(LoopbackHttp.get(ready.port(), "/crash-thread").body()).isEqualTo("crashed");

        supervisor.stderr().await(
                "Exception in thread \"app-crashing\" java.lang.IllegalStateException: crash requested",
                FakeSupervisor.TIMEOUT);
        assertThat(LoopbackHttp.get(ready.port(), "/").body()).isEqualTo("hello");
    }

    @Test
    void workerStartedWithoutTheSupervisorsEnvironmentExits2() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of(), env -> env.remove(Protocol.ENV_AGENT_SOCKET));

        assertThat(supervisor.awaitExit(Duration.ofSeconds(10))).isEqualTo(WorkerMain.EXIT_USAGE);
        assertThat(supervisor.stderr().whenEnded(FakeSupervisor.TIMEOUT)).isEqualTo("rt worker: the environment"
                + " variable RT_AGENT_SOCKET is not set; worker JVMs are started by the rt supervisor, which sets it");
    }
}
