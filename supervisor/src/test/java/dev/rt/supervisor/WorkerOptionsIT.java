package dev.rt.supervisor;

import static dev.rt.supervisor.RuntimeUnderTest.runtimeWith;
import static dev.rt.supervisor.RuntimeUnderTest.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.kind.testing.TestPorts;
import dev.rt.supervisor.process.Debugger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each worker JVM receives: environment, env file, JVM options, preload agents, heap bounds, debugger. */
class WorkerOptionsIT {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void envEnvfileNodeOptionsPreloadAndHeapBoundReachTheWorker() throws Exception {
        Files.writeString(dir.resolve("api.env"), "FROM_ENVFILE=file\nOVERRIDDEN=file\n");
        Path preload = Fixtures.testdata().resolve("target/rt-testdata-preload.jar");
        String api = service("api", "probe", "\"envfile\": \"api.env\", \"env\": {\"OVERRIDDEN\": \"env\"},"
                + " \"nodeOptions\": \"-Dfrom.node.options=yes -Dsecond=two\", \"preload\": \"" + preload + "\","
                + " \"health\": {\"maxHeapTotal\": \"96M\"}");
        String config = runtimeWith("\"env\": {\"FROM_RUNTIME\": \"runtime\"}, ", "api", api);
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/env?name=FROM_RUNTIME").body()).isEqualTo("runtime");
            assertThat(rt.get("/env?name=FROM_ENVFILE").body()).isEqualTo("file");
            assertThat(rt.get("/env?name=OVERRIDDEN").body()).isEqualTo("env");
            assertThat(rt.get("/env?name=RT_ENVIRONMENT").body()).isEqualTo("production");
            assertThat(rt.get("/property?name=from.node.options").body()).isEqualTo("yes");
            assertThat(rt.get("/property?name=second").body()).isEqualTo("two");
            assertThat(rt.get("/property?name=rt.preloaded").body()).isEqualTo("yes");
            assertThat(Long.parseLong(rt.get("/max-heap").body())).isLessThanOrEqualTo(96L << 20).isGreaterThan(64L << 20);
            rt.awaitLog("preload agent loaded"); // the agent's own line, on the worker's stdout
        }
    }

    @Test
    void theRuntimesPreloadIsLoadedInEveryWorker() throws Exception {
        Path preload = Fixtures.testdata().resolve("target/rt-testdata-preload.jar");
        String config = runtimeWith("\"preload\": [\"" + preload + "\"], ", "api", service("api", "probe"));
        try (var rt = RuntimeUnderTest.configure(dir, config).start()) {
            assertThat(rt.get("/property?name=rt.preloaded").body()).isEqualTo("yes");
        }
    }

    @Test
    void underTheDebuggerEachWorkerListensForJdwpOnItsOwnPortFromTheBase() throws Exception {
        int base = TestPorts.unused(); // the workers' JVMs bind it and the next later: ports nothing else picks meanwhile
        var options = RuntimeOptions.DEFAULTS.withDebugger(new Debugger(true, "127.0.0.1", base, false));
        String config = runtimeWith("", "api", service("api", "probe"), service("back", "probe"));
        try (var rt = RuntimeUnderTest.configure(dir, config, options).start()) {
            assertThat(rt.log()).contains("The worker 0 of the service \\\"api\\\" accepts a debugger on 127.0.0.1:" + base + ".")
                    .contains("The worker 0 of the service \\\"back\\\" accepts a debugger on 127.0.0.1:" + (base + 1) + ".");
            for (int port : new int[] {base, base + 1}) {
                assertThat(jdwpHandshake(port)).isEqualTo("JDWP-Handshake");
            }
            assertThat(rt.get("/hello").body()).isEqualTo("hello");
        }
    }

    @Test
    void aDebuggerPortAnotherProgramHoldsIsPassedOver() throws Exception {
        try (ServerSocket held = new ServerSocket(TestPorts.unused(), 1, InetAddress.getLoopbackAddress())) {
            int base = held.getLocalPort();
            var options = RuntimeOptions.DEFAULTS.withDebugger(new Debugger(true, "127.0.0.1", base, false));
            try (var rt = RuntimeUnderTest.configure(dir, runtimeWith("", "api", service("api", "probe")), options).start()) {
                assertThat(rt.log()).contains("The worker 0 of the service \\\"api\\\" accepts a debugger on 127.0.0.1:"
                        + (base + 1) + ".");
                assertThat(jdwpHandshake(base + 1)).isEqualTo("JDWP-Handshake");
            }
        }
    }

    /** Sends the JDWP handshake and returns the JVM's answer. */
    private static String jdwpHandshake(int port) throws Exception {
        byte[] hello = "JDWP-Handshake".getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout((int) LIMIT.toMillis());
            socket.getOutputStream().write(hello);
            return new String(socket.getInputStream().readNBytes(hello.length), StandardCharsets.US_ASCII);
        }
    }
}
