package dev.rt.agent;

import static dev.rt.agent.FakeSupervisor.ack;
import static dev.rt.agent.FakeSupervisor.java;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.java.fixtures.HelloBuild;
import dev.rt.kind.java.testing.LoopbackHttp;
import dev.rt.protocol.MetricFamily;
import dev.rt.protocol.MetricsReport;
import dev.rt.protocol.MetricsRequest;
import dev.rt.protocol.Ready;
import dev.rt.protocol.Stop;
import dev.rt.protocol.Stopped;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped {@code rt-worker-agent.jar} rather than the class files: a worker runs from it with nothing but its
 * kind's jars and the application's classes beside it, and it puts nothing but rt's own classes (its libraries
 * relocated under {@code dev/rt/agent/shaded/}) on the application's class path.
 */
class WorkerJarIT {
    private static final Path AGENT_JAR = Path.of(System.getProperty("rt.agent.jar", "target/rt-worker-agent.jar"));

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
    void agentJarHoldsOnlyRtsOwnClassesAndItsLibrariesRelocated() throws Exception {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            List<String> names = jar.stream().map(ZipEntry::getName).toList();
            assertThat(names).filteredOn(name -> !name.endsWith("/"))
                    .allMatch(name -> name.startsWith("dev/rt/") || name.startsWith("META-INF/"));
            assertThat(names).contains("dev/rt/kind/Kind.class", "dev/rt/kind/WorkerContext.class");
            assertThat(names).contains("dev/rt/messaging/Messaging.class", "dev/rt/messaging/MessageHandler.class");
            assertThat(names).contains("dev/rt/agent/shaded/prometheus/metrics/instrumentation/jvm/JvmMetrics.class");
            assertThat(names).contains("dev/rt/agent/shaded/jackson/databind/ObjectMapper.class",
                    "dev/rt/agent/WorkerMain.class", "dev/rt/protocol/FrameCodec.class");
        }
    }

    @Test
    void workerRunsFromTheAgentJarWithOnlyTheApplicationBesideIt() throws Exception {
        assertThat(AGENT_JAR).isRegularFile();
        // The application: the java kind's test applications (its test-jar, or its test classes in an IDE).
        Path applicationClasses = Path.of(HelloBuild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(applicationClasses).exists();

        Path javaKind = Path.of(System.getProperty("rt.kinds.path"), "java", "lib", "rt-kind-java.jar");
        assertThat(javaKind).isRegularFile();

        supervisor = FakeSupervisor.start(dir, List.of(), env -> { },
                AGENT_JAR + File.pathSeparator + javaKind + File.pathSeparator + applicationClasses);
        supervisor.awaitHello();
        supervisor.send(ack(java("build", HelloBuild.class.getName()), dir, 1, true));
        Ready ready = supervisor.next(Ready.class);

        assertThat(LoopbackHttp.get(ready.port(), "/").body()).isEqualTo("hello");
        supervisor.send(new MetricsRequest(4));
        MetricsReport report = supervisor.next(MetricsReport.class);
        assertThat(report.id()).isEqualTo(4);
        assertThat(report.families()).extracting(MetricFamily::name)
                .contains("jvm_memory_used_bytes", "jvm_threads_current", "process_cpu_seconds");
        supervisor.send(new Stop(1, 5_000));
        assertThat(supervisor.next(Stopped.class)).isEqualTo(new Stopped(1));
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isZero();
    }
}
