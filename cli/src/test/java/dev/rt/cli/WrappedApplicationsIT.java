package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import dev.rt.kind.testing.TestPorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A third-party server wrapped unchanged, as a new user would run it: the H2 database's servers
 * ({@code org.h2.tools.Server -tcp -tcpPort A -web -webPort B}), whose binary TCP port opens before its web console,
 * and neither is PORT. Real {@code rt start}, real {@code rt ctl} commands.
 */
class WrappedApplicationsIT extends ManagedRuntimes {
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void theH2ConsoleIsServedThroughTheEntrypointOnLoopbackAndItsTcpPortIsPassedOver() throws Exception {
        int tcp = TestPorts.unused(); // H2 can only be told its ports: ones no other program picks meanwhile
        int web = TestPorts.unused();
        Path dir = h2Project("h2", tcp, web, "");
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), dir,
                Map.of("RT_CLASS_DATA_SHARING", "false"), "start", "--no-pretty");
        try (rt) {
            String url = rt.awaitListening(START);

            HttpResponse<String> console = client.send(HttpRequest.newBuilder(URI.create(url + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(console.statusCode()).isEqualTo(200);
            assertThat(console.body()).contains("<title>H2 Console</title>");
            // the worker's lines reach rt's log through its stdout, after rt listens: waited for
            rt.awaitStdout("The worker 0 of the service \\\"h2\\\" serves HTTP on port " + web + "; it also listens on "
                    + tcp + ", where rt sends nothing.", START);
            assertThat(rt.stdout()).doesNotContain("every network interface");
            assertThat(listeners(tcp)).as("rt asked H2 for loopback (-Dh2.bindAddress)").containsOnly("127.0.0.1");
            assertThat(listeners(web)).containsOnly("127.0.0.1");

            Result services = rt(dir, "ctl", "services");
            assertThat(services.stdout()).contains("h2    1        java  started  yes");
            assertThat(services.stderr()).isEmpty();
            Result env = rt(dir, "ctl", "env", "-s", "h2");
            assertThat(env.stdout().lines()).contains("HOST=127.0.0.1", "RT_SERVICE_ID=h2", "RT_WORKER_ID=0")
                    .anyMatch(line -> line.matches("PORT=\\d+"));
        }
    }

    @Test
    void anApplicationOnEveryInterfaceIsWarnedAboutInTheLogAndByCtlServices() throws Exception {
        int tcp = TestPorts.unused(); // H2 can only be told its ports: ones no other program picks meanwhile
        int web = TestPorts.unused();
        Path dir = h2Project("exposed", tcp, web, "\"nodeOptions\": \"-Dh2.bindAddress=0.0.0.0\"");
        RtProcess rt = RtProcess.startWith(List.of(), List.of("-Djava.io.tmpdir=" + tmp), dir,
                Map.of("RT_CLASS_DATA_SHARING", "false"), "start", "--no-pretty");
        try (rt) {
            rt.awaitListening(START);

            // the worker's warning reaches rt's log through its stdout, after rt listens: waited for
            assertThat(rt.awaitStdout("The worker 0 of the service \\\"h2\\\" listens on", START)).containsPattern(
                    "listens on (0\\.0\\.0\\.0|\\[::\\]):" + web + ", every network interface");
            Result services = rt(dir, "ctl", "services");
            assertThat(services.stderr()).matches("rt: warning: the worker 0 of the service \"h2\" listens on"
                    + " (0\\.0\\.0\\.0|\\[::\\]):" + web + ", every network interface: other machines reach it"
                    + " there past rt's entrypoint; bind it to 127\\.0\\.0\\.1 \\(see the README\\)\\s*");
        }
    }

    /** A managed runtime of one service, h2, running H2's TCP and web servers. */
    private Path h2Project(String name, int tcp, int web, String extra) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("projects").resolve(name));
        Path service = Files.createDirectories(dir.resolve("h2"));
        Files.writeString(service.resolve("rt.json"), "{\"java\": {\"classpath\": [\""
                + Fixtures.thirdPartyJar("h2.jar") + "\"], \"main\": \"org.h2.tools.Server\"}}");
        Files.writeString(dir.resolve("rt.json"), "{\"managementApi\": true, \"entrypoint\": \"h2\","
                + " \"server\": {\"port\": 0}, \"services\": [{\"id\": \"h2\", \"path\": \"h2\","
                + " \"arguments\": [\"-tcp\", \"-tcpPort\", \"" + tcp + "\", \"-web\", \"-webPort\", \"" + web
                + "\"]" + (extra.isEmpty() ? "" : ", " + extra) + "}]}");
        return dir;
    }

    /** The local addresses of the TCP sockets listening on {@code port}, from /proc/net/tcp and tcp6. */
    private static List<String> listeners(int port) throws IOException {
        String hexPort = String.format(":%04X ", port);
        return java.util.stream.Stream.of("/proc/net/tcp", "/proc/net/tcp6")
                .flatMap(file -> {
                    try {
                        return Files.readAllLines(Path.of(file)).stream();
                    } catch (IOException e) {
                        return java.util.stream.Stream.empty();
                    }
                })
                .map(String::trim).filter(line -> line.contains(hexPort) && line.split("\\s+")[3].equals("0A"))
                .map(line -> line.split("\\s+")[1])
                .map(address -> address.startsWith("0100007F:") || address.endsWith("FFFF00000100007F" + hexPort.trim())
                        ? "127.0.0.1" : address)
                .toList();
    }
}
