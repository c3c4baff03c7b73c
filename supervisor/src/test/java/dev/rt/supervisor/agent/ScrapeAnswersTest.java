package dev.rt.supervisor.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.protocol.ChannelStreams;
import dev.rt.protocol.FrameReader;
import dev.rt.protocol.MetricsReport;
import dev.rt.protocol.MetricsRequest;
import dev.rt.supervisor.metrics.PendingScrapes;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker that answers a scrape late (here: the test playing the worker on a real socket) is not lost to the next
 * scrape: one request is outstanding at a time, and its late answer stands in when the worker misses again. In this
 * package because the supervisor's end of a socket is made here.
 */
class ScrapeAnswersTest {
    private static final Duration SHORT = Duration.ofMillis(50);

    @TempDir
    Path dir;

    @Test
    void aLateAnswerIsUsedByTheNextScrapeAndNoSecondRequestIsSentWhileOneIsOutstanding() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(dir.resolve("agent.sock")));
            try (SocketChannel worker = SocketChannel.open(server.getLocalAddress());
                    AgentConnection connection = new AgentConnection(server.accept())) {
                FrameReader fromSupervisor = new FrameReader(ChannelStreams.input(worker));
                PendingScrapes scrapes = new PendingScrapes();

                assertThat(scrapes.request(connection, SHORT).get(10, TimeUnit.SECONDS)).isEmpty();
                MetricsRequest first = (MetricsRequest) fromSupervisor.read().orElseThrow();

                CompletableFuture<Optional<MetricsReport>> waiting = scrapes.request(connection, Duration.ofSeconds(30));
                MetricsReport late = new MetricsReport(first.id(), List.of());
                scrapes.answered(late);
                assertThat(waiting.get(10, TimeUnit.SECONDS)).contains(late);

                assertThat(scrapes.request(connection, SHORT).get(10, TimeUnit.SECONDS)).contains(late);
                MetricsRequest second = (MetricsRequest) fromSupervisor.read().orElseThrow();
                assertThat(second.id()).as("the scrape that waited sent nothing of its own").isEqualTo(first.id() + 1);
            }
        }
    }

    @Test
    void aWorkerThatIsGoneHasNoAnswer() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(dir.resolve("agent.sock")));
            SocketChannel worker = SocketChannel.open(server.getLocalAddress());
            try (AgentConnection connection = new AgentConnection(server.accept())) {
                worker.close();
                connection.close();
                assertThat(new PendingScrapes().request(connection, Duration.ofSeconds(30)).get(10, TimeUnit.SECONDS))
                        .isEmpty();
            }
        }
    }
}
