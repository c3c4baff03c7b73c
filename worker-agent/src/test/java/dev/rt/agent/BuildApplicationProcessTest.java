package dev.rt.agent;

import static dev.rt.agent.FakeSupervisor.ack;
import static dev.rt.agent.FakeSupervisor.java;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.java.fixtures.HelloBuild;
import dev.rt.kind.java.fixtures.WrongTypeBuild;
import dev.rt.kind.java.testing.LoopbackHttp;
import dev.rt.protocol.Hello;
import dev.rt.protocol.HelloAck;
import dev.rt.protocol.Protocol;
import dev.rt.protocol.Ready;
import dev.rt.protocol.StartFailed;
import dev.rt.protocol.Stats;
import dev.rt.protocol.Stop;
import dev.rt.protocol.Stopped;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real worker JVM hosting a {@code java.build} application, driven by a fake supervisor. */
class BuildApplicationProcessTest {
    @TempDir
    Path dir;

    private FakeSupervisor supervisor;

    @AfterEach
    void destroyWorker() throws Exception {
        if (supervisor != null) {
            supervisor.close();
        }
    }

    private Ready startReady(String buildClass) throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("build", buildClass), dir, 1, true));
        return supervisor.next(Ready.class);
    }

    @Test
    void handshakeIdentifiesTheWorkerThenTheHostedHandlerAnswersOnTheReadyPort() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        Hello hello = supervisor.awaitHello();
        assertThat(hello).isEqualTo(new Hello(Protocol.VERSION, "api", 0, supervisor.process().pid()));

        supervisor.send(ack(java("build", HelloBuild.class.getName()), dir, 1, true));
        Ready ready = supervisor.next(Ready.class);

        HttpResponse<String> response = LoopbackHttp.get(ready.port(), "/");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("hello");
    }

    @Test
    void statsArriveEveryIntervalWithFiguresInRange() throws Exception {
        startReady(HelloBuild.class.getName());

        for (int i = 0; i < 3; i++) {
            Stats stats = supervisor.next(Stats.class);
            assertThat(stats.elu()).isBetween(0.0, 1.0);
            assertThat(stats.cpu()).isBetween(0.0, 1.0);
            assertThat(stats.heapUsed()).isPositive();
            assertThat(stats.heapTotal()).isGreaterThanOrEqualTo(stats.heapUsed());
            assertThat(stats.heapMax()).isGreaterThanOrEqualTo(stats.heapTotal()).isLessThanOrEqualTo(128L << 20);
        }
    }

    @Test
    void stopLetsTheInFlightRequestFinishThenAnswersStoppedAndExitsZero() throws Exception {
        Ready ready = startReady(HelloBuild.class.getName());
        CompletableFuture<HttpResponse<String>> slow = LoopbackHttp.getAsync(ready.port(), "/slow");
        supervisor.stdout().await("slow request started", FakeSupervisor.TIMEOUT);

        supervisor.send(new Stop(42, 10_000));

        HttpResponse<String> response = slow.get(FakeSupervisor.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(response.body()).isEqualTo("slow done");
        assertThat(supervisor.next(Stopped.class)).isEqualTo(new Stopped(42));
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isZero();
        assertThat(supervisor.stdout().whenEnded(FakeSupervisor.TIMEOUT)).contains("hello-build shutdown hook ran");
    }

    @Test
    void missingBuildClassFailsTheStartNamingClassAndServiceAndExits21() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("build", "com.acme.Missing"), dir, 1, true));

        assertThat(supervisor.next(StartFailed.class).message()).isEqualTo("class com.acme.Missing named by java.build"
                + " was not found on the classpath of service \"api\" (check java.classpath in " + dir + ")");
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isEqualTo(Protocol.EXIT_START_FAILED);
        assertThat(supervisor.stderr().whenEnded(FakeSupervisor.TIMEOUT)).doesNotContain("\tat ");
    }

    @Test
    void buildReturningSomethingOtherThanAHandlerFailsTheStart() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(ack(java("build", WrongTypeBuild.class.getName()), dir, 1, true));

        assertThat(supervisor.next(StartFailed.class).message())
                .startsWith(WrongTypeBuild.class.getName() + ".build() of service \"api\" returned java.lang.String");
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isEqualTo(Protocol.EXIT_START_FAILED);
    }

    @Test
    void kindMissingFromTheClassPathFailsTheStartNamingTheKindsThere() throws Exception {
        supervisor = FakeSupervisor.start(dir, List.of());
        supervisor.awaitHello();
        supervisor.send(new HelloAck("api", 0, "python", java("build", HelloBuild.class.getName()), dir.toString(),
                List.of(), 1, true, 100, List.of(), HelloAck.DEFAULT_MESSAGING_TIMEOUT_MILLIS, false, ""));

        assertThat(supervisor.next(StartFailed.class).message()).isEqualTo("service \"api\" is of kind \"python\","
                + " which this worker's class path does not hold (it holds java); the supervisor puts the kind's jars"
                + " there, from its kinds/python/lib");
        assertThat(supervisor.awaitExit(Duration.ofSeconds(5))).isEqualTo(Protocol.EXIT_START_FAILED);
    }
}
