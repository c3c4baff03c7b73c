package dev.rt.agent;

import static dev.rt.agent.FakeSupervisor.ack;
import static dev.rt.agent.FakeSupervisor.java;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.agent.fixtures.MeshCallingBuild;
import dev.rt.kind.java.testing.LoopbackHttp;
import dev.rt.protocol.Ready;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application in a real worker calls {@code http://b.rt.local/path} with the JDK's clients and reaches the
 * mesh proxy. The worker resolves names from an empty hosts file, so any DNS lookup of b.rt.local would fail.
 */
class MeshProcessTest {
    @TempDir
    Path dir;

    private FakeSupervisor supervisor;
    private FakeMeshProxy mesh;

    @AfterEach
    void destroyWorker() throws Exception {
        if (supervisor != null) {
            supervisor.close();
        }
        if (mesh != null) {
            mesh.close();
        }
    }

    @Test
    void httpClientAndUrlConnectionOfTheApplicationReachOtherServicesThroughTheMeshProxy() throws Exception {
        Path emptyHosts = Files.writeString(dir.resolve("hosts"), "");
        mesh = new FakeMeshProxy();
        supervisor = FakeSupervisor.start(dir, List.of("-Djdk.net.hosts.file=" + emptyHosts));
        supervisor.awaitHello();
        supervisor.send(ack(java("build", MeshCallingBuild.class.getName()), dir, mesh.port(), true));
        Ready ready = supervisor.next(Ready.class);

        assertThat(LoopbackHttp.get(ready.port(), "/http-client").body()).isEqualTo(FakeMeshProxy.BODY);
        assertThat(mesh.nextRequestLine(Duration.ofSeconds(5))).isEqualTo("GET http://b.rt.local/path HTTP/1.1");

        assertThat(LoopbackHttp.get(ready.port(), "/url-connection").body()).isEqualTo(FakeMeshProxy.BODY);
        assertThat(mesh.nextRequestLine(Duration.ofSeconds(5))).isEqualTo("GET http://b.rt.local/path HTTP/1.1");
    }
}
