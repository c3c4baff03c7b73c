package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtime;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.worker.WorkerView;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which port of a wrapped application rt routes to, and on which address it listens: the two-sockets fixture opens a
 * port of another protocol 300 ms before its HTTP port, neither of them PORT, and binds HOST.
 */
class WrappedPortsTest {
    @TempDir
    Path dir;

    @Test
    void aServerThatOpensAnotherProtocolsPortFirstIsServedOnItsHttpPortOnLoopback() throws Exception {
        try (var rt = RuntimeUnderTest.configure(dir, runtime("app", service("app", "two-sockets"))).start()) {
            assertThat(rt.get("/").body()).startsWith("two-sockets http ");
            int protocol = port(rt.log(), "two-sockets: protocol port (\\d+)");
            int http = port(rt.log(), "two-sockets: HTTP port (\\d+)");
            assertThat(rt.log()).contains("The worker 0 of the service \\\"app\\\" serves HTTP on port " + http
                    + "; it also listens on " + protocol + ", where rt sends nothing.");
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
            int http = port(rt.log(), "two-sockets: HTTP port (\\d+)");
            WorkerView worker = rt.worker("app:0");
            assertThat(worker.listensOnEveryInterface()).isTrue();
            assertThat(rt.log()).contains("The worker 0 of the service \\\"app\\\" listens on ")
                    .containsPattern("listens on (0\\.0\\.0\\.0|\\[::\\]):" + http + ", every network interface");
            assertThat(rt.get("/").body()).startsWith("two-sockets http ");
        }
    }

    @Test
    void aNamedHttpPortIsTheOneAdopted() throws Exception {
        int named;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            named = free.getLocalPort();
        }
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

    private static int port(String log, String pattern) {
        Matcher matcher = Pattern.compile(pattern).matcher(log);
        assertThat(matcher.find()).as("%s in the log:%n%s", pattern, log).isTrue();
        return Integer.parseInt(matcher.group(1));
    }
}
