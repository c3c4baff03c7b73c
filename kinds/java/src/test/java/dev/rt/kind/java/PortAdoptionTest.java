package dev.rt.kind.java;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.rt.kind.testing.TestContext;
import dev.rt.kind.testing.TestPorts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which listening port of a wrapped application is adopted, with real sockets on loopback: HTTP servers, a server
 * that answers a binary protocol (as a database's TCP port does) and one that accepts but says nothing. The ports
 * "this process listens on" are given by the test, and so is the clock.
 */
class PortAdoptionTest {
    private static final long SETTLED = PortAdoption.SETTLE_NANOS;
    private final List<AutoCloseable> servers = new ArrayList<>();
    private final AtomicReference<List<Integer>> listening = new AtomicReference<>(List.of());
    private final TestContext context = new TestContext(Path.of("."));

    @AfterEach
    void closeServers() throws Exception {
        for (AutoCloseable server : servers) {
            server.close();
        }
    }

    /** Probes that wait long enough for a loaded machine's HTTP servers to answer. */
    private PortAdoption adoption(OptionalInt offered, OptionalInt named) {
        return adoption(offered, named, Duration.ofSeconds(5));
    }

    private PortAdoption adoption(OptionalInt offered, OptionalInt named, Duration probeTimeout) {
        return new PortAdoption(() -> Optional.of(listening.get()), new HttpProbe(probeTimeout), offered,
                named, "worker 0 of the service \"api\"", context.log());
    }

    @Test
    void theOfferedPortIsAdoptedAsSoonAsItServesHttp() throws Exception {
        int binary = binaryServer();
        int offered = httpServer();
        PortAdoption adoption = adoption(OptionalInt.of(offered), OptionalInt.empty());
        listening.set(List.of(binary, offered));

        assertThat(adoption.poll(0)).contains(new PortAdoption.Adopted(offered, List.of(binary)));
    }

    @Test
    void aBinaryPortOpenedFirstIsPassedOverForTheHttpPortOpenedAfterIt() throws Exception {
        int tcp = binaryServer();
        int web = httpServer();
        PortAdoption adoption = adoption(OptionalInt.of(freePort()), OptionalInt.empty());
        listening.set(List.of(tcp));
        assertThat(adoption.poll(0)).isEmpty();
        listening.set(List.of(web, tcp)); // the table's order is not the order they opened in
        assertThat(adoption.poll(SETTLED / 2)).as("not settled yet").isEmpty();

        assertThat(adoption.poll(SETTLED / 2 + SETTLED)).contains(new PortAdoption.Adopted(web, List.of(tcp)));
        assertThat(context.logged()).isEmpty();
    }

    @Test
    void noPortThatServesHttpMeansNotReadyAndEachFailingPortIsLoggedOnce() throws Exception {
        int tcp = binaryServer();
        PortAdoption adoption = adoption(OptionalInt.empty(), OptionalInt.empty());
        listening.set(List.of(tcp));
        assertThat(adoption.poll(0)).isEmpty();

        assertThat(adoption.poll(SETTLED)).isEmpty();
        assertThat(context.logged()).as("a moment without an HTTP port is normal").isEmpty();
        assertThat(adoption.poll(SETTLED + PortAdoption.REPORT_NANOS)).isEmpty();
        assertThat(adoption.poll(SETTLED + 2 * PortAdoption.REPORT_NANOS)).isEmpty();

        assertThat(context.logged()).containsExactly("WARN The worker 0 of the service \"api\" is not ready yet: asked"
                + " HEAD / over HTTP, port " + tcp + " answered with bytes that are not HTTP. rt routes requests only"
                + " to a port that serves HTTP and waits for one (until startTimeout); if the application serves HTTP"
                + " on a port it opens later, or on one that answers slowly, name that port with java.port.");
    }

    @Test
    void aPortThatAcceptsBeforeItAnswersIsAskedAgainAndAdoptedOnceItServes() throws Exception {
        ServerSocket late = new ServerSocket(0, 50, InetAddress.getLoopbackAddress()); // accepts nothing yet
        servers.add(late);
        PortAdoption adoption = adoption(OptionalInt.empty(), OptionalInt.empty(), Duration.ofSeconds(2));
        listening.set(List.of(late.getLocalPort()));
        adoption.poll(0);
        assertThat(adoption.poll(SETTLED)).isEmpty();
        long later = SETTLED + PortAdoption.REPORT_NANOS;
        assertThat(adoption.poll(later)).isEmpty();
        assertThat(context.logged()).singleElement().asString().contains("port " + late.getLocalPort()
                + " accepted the connection but did not answer");

        answerHttpOn(late);
        assertThat(adoption.poll(later + 1)).as("not asked again so soon").isEmpty();
        assertThat(adoption.poll(later + PortAdoption.REPROBE_NANOS))
                .contains(new PortAdoption.Adopted(late.getLocalPort(), List.of()));
    }

    @Test
    void portsListeningBeforeTheApplicationStartedAreNeverAdopted() throws Exception {
        int debugger = httpServer();
        listening.set(List.of(debugger));
        PortAdoption adoption = adoption(OptionalInt.of(debugger), OptionalInt.empty());

        assertThat(adoption.poll(SETTLED)).isEmpty();
        assertThat(adoption.poll(2 * SETTLED)).isEmpty();
    }

    @Test
    void ofTwoPortsThatServeHttpTheFirstOpenedIsAdopted() throws Exception {
        int first = httpServer();
        int second = httpServer();
        PortAdoption adoption = adoption(OptionalInt.empty(), OptionalInt.empty());
        listening.set(List.of(first));
        adoption.poll(0);
        listening.set(List.of(second, first));

        assertThat(adoption.poll(SETTLED + 1)).isEmpty();
        assertThat(adoption.poll(2 * SETTLED + 1)).contains(new PortAdoption.Adopted(first, List.of(second)));
    }

    @Test
    void aNamedPortIsTheOnlyOneAdopted() throws Exception {
        int first = httpServer();
        int named = httpServer();
        PortAdoption adoption = adoption(OptionalInt.of(first), OptionalInt.of(named));
        listening.set(List.of(first));
        assertThat(adoption.poll(0)).isEmpty();
        assertThat(adoption.poll(SETTLED)).isEmpty();

        listening.set(List.of(first, named));
        assertThat(adoption.poll(SETTLED + 1)).contains(new PortAdoption.Adopted(named, List.of(first)));
    }

    @Test
    void aNamedPortThatDoesNotServeHttpIsNeverAdoptedAndSaysSo() throws Exception {
        int tcp = binaryServer();
        PortAdoption adoption = adoption(OptionalInt.empty(), OptionalInt.of(tcp));
        listening.set(List.of(tcp));

        assertThat(adoption.poll(0)).isEmpty();
        assertThat(adoption.poll(PortAdoption.REPORT_NANOS)).isEmpty();
        assertThat(context.logged()).singleElement().asString().endsWith(
                "check that java.port names the port the application serves HTTP on.");
    }

    @Test
    void withoutTheProcTablesTheOfferedPortIsAskedDirectly() throws Exception {
        int offered = freePort();
        PortAdoption adoption = new PortAdoption(Optional::empty, new HttpProbe(Duration.ofSeconds(5)),
                OptionalInt.of(offered), OptionalInt.empty(), "worker 0 of the service \"api\"", context.log());
        assertThat(adoption.poll(0)).as("nothing listens there yet").isEmpty();

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), offered), 8);
        startAnswering(server);
        assertThat(adoption.poll(1)).contains(new PortAdoption.Adopted(offered, List.of()));
        assertThat(context.logged()).isEmpty();
    }

    private int httpServer() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        startAnswering(server);
        return server.getAddress().getPort();
    }

    private void startAnswering(HttpServer server) {
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        servers.add(() -> server.stop(0));
    }

    /** Answers whatever it is sent with a binary greeting and closes, as a database's TCP port does. */
    private int binaryServer() throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        servers.add(server);
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket socket = server.accept(); OutputStream out = socket.getOutputStream()) {
                    out.write(new byte[] {0, 0, 0, 5, 0, 'x', 0, 'y'});
                } catch (IOException e) {
                    // closed
                }
            }
        }, "binary-server");
        thread.setDaemon(true);
        thread.start();
        return server.getLocalPort();
    }

    /** From now on, each connection to {@code server} gets a minimal HTTP answer. */
    private static void answerHttpOn(ServerSocket server) {
        Thread thread = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket socket = server.accept(); OutputStream out = socket.getOutputStream()) {
                    socket.getInputStream().read(new byte[1024]);
                    out.write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // closed
                }
            }
        }, "late-http-server");
        thread.setDaemon(true);
        thread.start();
    }

    /** A port the test binds later itself: one that no other program picks meanwhile. */
    private static int freePort() {
        return TestPorts.unused();
    }
}
