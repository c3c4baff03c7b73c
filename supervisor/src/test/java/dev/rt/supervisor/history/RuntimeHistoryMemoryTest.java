package dev.rt.supervisor.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.protocol.Stats;
import dev.rt.supervisor.proxy.route.Upstream;
import io.netty.handler.codec.http.HttpMethod;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * The history's memory for twenty workers with fifteen full minutes and requests recorded, measured as JOL walks
 * it (every object reachable from it, the latency recorders included): the figure docs/admin.md states.
 */
class RuntimeHistoryMemoryTest {
    static {
        System.setProperty("jol.magicFieldOffset", "true"); // records (Stats) have no Unsafe field offsets
    }

    @Test
    void twentyWorkersWithFifteenFullMinutesTakeLessThanTenMegabytes() {
        RuntimeHistory history = new RuntimeHistory(RuntimeHistory.SECONDS, RuntimeHistory.MAX_ROWS, null);
        long pid = ProcessHandle.current().pid();
        Upstream[] upstreams = new Upstream[20];
        for (int w = 0; w < upstreams.length; w++) {
            upstreams[w] = new Upstream("service" + w / 2, w % 2, new InetSocketAddress("127.0.0.1", 3000 + w));
        }
        for (int second = 0; second < RuntimeHistory.SECONDS; second++) {
            for (Upstream upstream : upstreams) {
                history.received(upstream.serviceId(), upstream.workerIndex(), pid,
                        new Stats(0.5, 64L << 20, 128L << 20, 256L << 20, 0.1));
                history.answered(upstream, HttpMethod.GET, 200, 1_000_000L + second * 1_000L);
            }
            history.tick(1_000_000 + second, System.nanoTime());
        }
        assertThat(history.json(0).length).isGreaterThan(20 * 9 * RuntimeHistory.SECONDS);

        long bytes = GraphLayout.parseInstance(history).totalSize();
        System.out.printf("RuntimeHistory, 20 workers, %d s: %,d bytes%n", RuntimeHistory.SECONDS, bytes);
        assertThat(bytes).isLessThan(10L << 20);
    }
}
