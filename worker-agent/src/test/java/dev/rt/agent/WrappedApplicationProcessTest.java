package dev.rt.agent;

import static dev.rt.agent.FakeSupervisor.ack;
import static dev.rt.agent.FakeSupervisor.java;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.agent.fixtures.SelfListeningMain;
import dev.rt.agent.fixtures.ThrowingLauncherAgent;
import dev.rt.agent.fixtures.ThrowingMain;
import dev.rt.kind.java.testing.LoopbackHttp;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Ready;
import dev.rt.protocol.StartFailed;
import dev.rt.protocol.Stats;
import dev.rt.protocol.Stop;
import dev.rt.protocol.Stopped;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real worker JVM running a {@code java.main} or {@code java.jar} application that opens its own listener. */
class WrappedApplicationProcessTest {
    @TempDir
    Path dir;

    private FakeSupervisor supervisor;

    @AfterEach
    void destroyWorker() throws Exception {
        if (supervisor != null) {
            supervisor.close();
        }
    }

    @Test
    void mainApplicationsOwnPortIsAdoptedAndItsShutdownHooksRunOnStop() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("main", SelfListeningMain.class.getName()), dir, 1, true));

        Ready ready = supervisor.next(Ready.class);
        assertThat(LoopbackHttp.get(ready.port(), "/").body()).isEqualTo("self --greeting hi");
        assertThat(ready.address()).isEqualTo("127.0.0.1");
        Stats stats = supervisor.next(Stats.class);
        assertThat(stats.elu()).isEqualTo(stats.cpu());

        supervisor.send(new Stop(7, 5_000));
        assertThat(supervisor.next(Stopped.class)).isEqualTo(new Stopped(7));
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isZero();
        assertThat(supervisor.stdout().whenEnded(FakeSupervisor.TIMEOUT)).contains("self-listening shutdown hook ran");
    }

    @Test
    void debuggerPortOpenedBeforeMainIsNotMistakenForTheApplicationsPort() throws Exception {
        supervisor = FakeSupervisor.start(dir,
                List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0"));
        supervisor.stdout().await("Listening for transport dt_socket at address:", FakeSupervisor.TIMEOUT);
        supervisor.awaitHello();
        supervisor.send(ack(java("main", SelfListeningMain.class.getName()), dir, 1, true));

        Ready ready = supervisor.next(Ready.class);

        assertThat(LoopbackHttp.get(ready.port(), "/").body()).isEqualTo("self --greeting hi");
    }

    @Test
    void jarApplicationRunsTheMainClassOfItsManifest() throws Exception {
        writeJar(dir.resolve("app.jar"), SelfListeningMain.class.getName());
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("jar", "app.jar"), dir, 1, true));

        Ready ready = supervisor.next(Ready.class);
        assertThat(LoopbackHttp.get(ready.port(), "/").body()).isEqualTo("self --greeting hi");
    }

    @Test
    void aLauncherAgentThatThrowsFailsTheStartNamingIt() throws Exception {
        Path jar = dir.resolve("app.jar");
        writeJar(jar, SelfListeningMain.class.getName(), ThrowingLauncherAgent.class.getName());
        supervisor = FakeSupervisor.start(dir, List.of("--add-exports=java.instrument/sun.instrument=ALL-UNNAMED"),
                env -> { }, System.getProperty("java.class.path") + java.io.File.pathSeparator + jar);
        supervisor.awaitHello();
        supervisor.send(ack(java("jar", "app.jar"), dir, 1, true));

        assertThat(supervisor.next(StartFailed.class).message()).isEqualTo("the Launcher-Agent-Class "
                + ThrowingLauncherAgent.class.getName() + " of " + jar + " (service \"api\") failed: its agentmain"
                + " threw (the exception is on the worker's stderr)");
        assertThat(supervisor.stderr().whenEnded(FakeSupervisor.TIMEOUT))
                .contains("java.lang.IllegalStateException: agent cannot start");
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isEqualTo(Protocol.EXIT_START_FAILED);
    }

    @Test
    void mainThatThrowsBeforeListeningFailsTheStartAndExits21() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("main", ThrowingMain.class.getName()), dir, 1, true));

        assertThat(supervisor.next(StartFailed.class).message()).isEqualTo("the main method of "
                + ThrowingMain.class.getName() + " named by java.main of service \"api\" threw"
                + " java.lang.IllegalStateException: cannot start before serving HTTP on a port"
                + " (its stack trace is on the worker's stderr)");
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isEqualTo(Protocol.EXIT_START_FAILED);
    }

    static void writeJar(Path jar, String mainClass) throws IOException {
        writeJar(jar, mainClass, "");
    }

    /** An empty jar whose manifest names {@code mainClass} and, unless empty, a {@code Launcher-Agent-Class}. */
    static void writeJar(Path jar, String mainClass, String launcherAgent) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        if (!launcherAgent.isEmpty()) {
            manifest.getMainAttributes().putValue("Launcher-Agent-Class", launcherAgent);
        }
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
            jarOut.flush();
        }
    }
}
