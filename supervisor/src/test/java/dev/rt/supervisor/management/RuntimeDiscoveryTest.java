package dev.rt.supervisor.management;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Finding runtimes by their sockets, with sockets that misbehave. */
@Timeout(30)
class RuntimeDiscoveryTest {
    @TempDir
    Path pids;

    @Test
    void aSocketThatAcceptsButNeverAnswersIsReportedAndSkippedAfterTheTimeout() throws Exception {
        Path socket = pids.resolve("4242");
        List<String> warnings = new CopyOnWriteArrayList<>();
        try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silent.bind(UnixDomainSocketAddress.of(socket)); // the kernel accepts into the backlog; nobody answers

            long started = System.nanoTime();
            List<RuntimeInfo> found = new RuntimeDiscovery(pids, warnings::add, Duration.ofMillis(300)).list();

            assertThat(found).isEmpty();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            assertThat(warnings).singleElement().asString()
                    .startsWith("Failed to retrieve metadata for runtime with PID 4242: no answer from " + socket)
                    .endsWith("within 300 ms");
            assertThat(socket).exists(); // it accepts: a live process that may answer later, not a stale socket
        }
    }
}
