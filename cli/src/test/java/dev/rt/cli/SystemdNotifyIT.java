package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.net.DatagramPacket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.newsclub.net.unix.AFUNIXDatagramSocket;
import org.newsclub.net.unix.AFUNIXSocketAddress;

/**
 * {@code rt start} under a stand-in for systemd: the test binds the datagram socket that {@code NOTIFY_SOCKET}
 * names, as systemd does for a {@code Type=notify} unit, and reads what rt tells it through start, watchdog
 * pings, a reload (SIGUSR2, as {@code systemctl reload} sends with the packaged unit) and a stop (SIGTERM).
 */
class SystemdNotifyIT {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final List<String> received = new ArrayList<>();

    @Test
    void tellsSystemdReadyStatusWatchdogReloadingAndStoppingInThatOrder() throws Exception {
        Path config = dir.resolve("rt.json");
        Files.writeString(config, "{\"entrypoint\": \"api\", \"server\": {\"port\": 0}, \"services\": ["
                + Fixtures.service("api", "probe", "\"workers\": 1") + ", "
                + Fixtures.service("back", "probe", "\"workers\": 2") + "]}");
        Path notify = dir.resolve("notify");
        try (AFUNIXDatagramSocket systemd = AFUNIXDatagramSocket.newInstance()) {
            systemd.bind(AFUNIXSocketAddress.of(notify));
            systemd.setSoTimeout((int) LIMIT.toMillis());
            Map<String, String> env = Map.of("NOTIFY_SOCKET", notify.toString(), "WATCHDOG_USEC", "600000");
            try (RtProcess rt = RtProcess.start(dir, env, "start", "-c", config.toString())) {
                String ready = await(systemd, "READY=1");
                assertThat(ready).contains("STATUS=2 services, 3 workers started");
                String url = rt.awaitListening(LIMIT);
                assertThat(received).first().isEqualTo(ready); // nothing before every service has started

                await(systemd, "WATCHDOG=1");
                await(systemd, "WATCHDOG=1"); // again: the pings go on at half the period while rt is healthy
                assertThat(workerSees(url, "NOTIFY_SOCKET")).isEqualTo("null");
                assertThat(workerSees(url, "WATCHDOG_USEC")).isEqualTo("null");

                rt.signal("USR2");
                String reloading = await(systemd, "RELOADING=1");
                assertThat(reloading).containsPattern("MONOTONIC_USEC=\\d+");
                assertThat(await(systemd, "READY=1")).contains("STATUS=2 services, 3 workers started");
                assertThat(rt.awaitStdout("All services have been restarted.", LIMIT)).isNotEmpty();

                rt.signal("TERM");
                assertThat(await(systemd, "STOPPING=1")).contains("STATUS=Stopping");
                assertThat(rt.awaitExit(LIMIT)).isZero();
            }
        }
    }

    /** The next datagram that carries {@code assignment}; every datagram read is kept in {@link #received}. */
    private String await(AFUNIXDatagramSocket systemd, String assignment) throws Exception {
        byte[] buffer = new byte[4096];
        while (true) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                systemd.receive(packet);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no datagram with " + assignment + " within " + LIMIT + "; got " + received);
            }
            String datagram = new String(packet.getData(), 0, packet.getLength(), StandardCharsets.UTF_8);
            received.add(datagram);
            if (datagram.lines().anyMatch(assignment::equals)) {
                return datagram;
            }
        }
    }

    private static String workerSees(String url, String variable) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url + "/env?name=" + variable)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }
}
