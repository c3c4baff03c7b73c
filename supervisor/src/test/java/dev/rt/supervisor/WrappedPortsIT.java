package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.testing.TestPorts;
import dev.rt.supervisor.worker.WorkerView;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which port of a wrapped application rt routes to, and on which address it listens: the two-sockets fixture opens a
 * port of another protocol 300 ms before its HTTP port, neither of them PORT, and binds HOST.
 */
class WrappedPortsIT {
    @TempDir
    Path dir;

    @Test
    void aServerThatOpensAnotherProtocolsPortFirstIsServedOnItsHttpPortOnLoopback() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("app", service("app", "two-sockets"))).start()) {
            assertThat(rt.get("/").body()).startsWith("two-sockets http ");
            int protocol = port(rt, "two-sockets: protocol port (\\d+)");
            int http = port(rt, "two-sockets: HTTP port (\\d+)");
            rt.awaitLog("The worker 0 of the service \\\"app\\\" serves HTTP on port " + http + "; it also listens on "
                    + protocol + ", where rt sends nothing.");
            WorkerView worker = rt.worker("app:0");
            assertThat(worker.port()).hasValue(http);
            assertThat(worker.listenAddress()).isEqualTo("127.0.0.1"); // it follows HOST, which rt sets
            assertThat(worker.listensOnEveryInterface()).isFalse();
            assertThat(rt.log()).doesNotContain("every network interface");
        }
    }

    @Test
    void anApplicationListeningOnEveryInterfaceIsWarnedAboutNamingTheServiceAndTheAddress() throws Exception {
        String app = service("app", "two-sockets", "\"env\": {\"HOST\": \"0.0.0.0\"}");
        try (var rt = RuntimeUnderTest.configure(dir, runtime("app", app)).start()) {
            int http = port(rt, "two-sockets: HTTP port (\\d+)");
            WorkerView worker = rt.worker("app:0");
            assertThat(worker.listensOnEveryInterface()).isTrue();
            // the worker writes the warning on its stdout as it tells the supervisor it is ready: it arrives after
            assertThat(rt.awaitLog("The worker 0 of the service \\\"app\\\" listens on "))
                    .containsPattern("listens on (0\\.0\\.0\\.0|\\[::\\]):" + http + ", every network interface");
            assertThat(rt.get("/").body()).startsWith("two-sockets http ");
        }
    }

    @Test
    void aNamedHttpPortIsTheOneAdopted() throws Exception {
        int named = TestPorts.unused(); // the application binds it later: a port no other program picks meanwhile
        Path service = Files.createDirectories(dir.resolve("named"));
        Files.writeString(service.resolve("rt.json"), "{\"java\": {\"classpath\": [\""
                + Fixtures.testdata().resolve("target/rt-testdata.jar") + "\"], \"main\": \""
                + "dev.rt.testdata.twosockets.TwoSocketsMain\", \"port\": " + named + "}}");
        String app = "{\"id\": \"app\", \"path\": \"" + service + "\", \"env\": {\"TWO_SOCKETS_HTTP_PORT\": \"" + named
                + "\", \"TWO_SOCKETS_DELAY_MS\": \"0\"}}";
        try (var rt = RuntimeUnderTest.configure(dir, runtime("app", app)).start()) {
            assertThat(rt.worker("app:0").port()).hasValue(named);
            assertThat(rt.get("/").body()).startsWith("two-sockets http ");
        }
    }

    /** The port in the worker's line that {@code pattern} matches, once that line has arrived. */
    private static int port(RuntimeUnderTest rt, String pattern) throws InterruptedException {
        return Integer.parseInt(rt.awaitLogMatching(pattern).group(1));
    }
}
