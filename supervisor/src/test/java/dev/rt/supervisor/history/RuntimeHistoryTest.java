package dev.rt.supervisor.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.protocol.Stats;
import dev.rt.supervisor.proxy.route.Upstream;
import io.netty.handler.codec.http.HttpMethod;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The columns the history closes each second, read back as the management API serves them. */
class RuntimeHistoryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long PID = ProcessHandle.current().pid();
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private final Upstream api0 = new Upstream("api", 0, new InetSocketAddress("127.0.0.1", 3001));

    @Test
    void aColumnHoldsTheLatestStatsTheResidentMemoryAndTheRequestsOfTheSecond() throws IOException {
        RuntimeHistory history = new RuntimeHistory(900, 128, null);
        long start = System.nanoTime();
        history.received("api", 0, PID, new Stats(0.5, 100L << 20, 200L << 20, 1L << 30, 0.25));
        for (int i = 0; i < 98; i++) {
            history.answered(api0, HttpMethod.GET, 200, TimeUnit.MILLISECONDS.toNanos(2));
        }
        history.answered(api0, HttpMethod.GET, 500, TimeUnit.MILLISECONDS.toNanos(40));
        history.answered(api0, HttpMethod.POST, 503, TimeUnit.MILLISECONDS.toNanos(40));
        history.tick(1_000, start + SECOND);

        JsonNode all = read(history, 0);
        assertThat(all.path("start").asLong()).isEqualTo(1_000);
        assertThat(all.path("length").asInt()).isEqualTo(1);
        assertThat(all.path("series").toString())
                .isEqualTo("[\"elu\",\"cpu\",\"heapUsed\",\"heapTotal\",\"rss\",\"requests\",\"p50\",\"p99\",\"errors\"]");
        JsonNode worker = all.path("workers").get(0);
        assertThat(worker.path("service").asText()).isEqualTo("api");
        assertThat(worker.path("worker").asInt()).isZero();
        assertThat(worker.path("pid").asLong()).isEqualTo(PID);
        JsonNode data = worker.path("data");
        assertThat(data.get(0).get(0).asDouble()).isEqualTo(0.5);
        assertThat(data.get(1).get(0).asDouble()).isEqualTo(0.25);
        assertThat(data.get(2).get(0).asLong()).isEqualTo(100L << 20);
        assertThat(data.get(3).get(0).asLong()).isEqualTo(200L << 20);
        assertThat(data.get(4).get(0).asLong()).isGreaterThan(1L << 20); // this JVM's own resident memory
        assertThat(data.get(5).get(0).asDouble()).isCloseTo(100, within(2.0));
        assertThat(data.get(6).get(0).asDouble()).isCloseTo(2, within(0.05));
        assertThat(data.get(7).get(0).asDouble()).isCloseTo(40, within(0.5));
        assertThat(data.get(8).get(0).asDouble()).isCloseTo(2, within(0.05));
    }

    @Test
    void aWorkerWhoseStatsStoppedHasNoFigureAndASecondWithoutRequestsNoLatency() throws IOException {
        RuntimeHistory history = new RuntimeHistory(900, 128, null);
        long start = System.nanoTime();
        history.received("api", 0, PID, new Stats(0.1, 1, 2, 3, 0.1));
        history.tick(1_000, start + SECOND);
        history.tick(1_001, start + 2 * SECOND);
        history.tick(1_002, start + 3 * SECOND); // the frame is 3 s old: the worker stopped reporting

        JsonNode data = read(history, 0).path("workers").get(0).path("data");
        assertThat(data.get(0).toString()).isEqualTo("[0.1,0.1,null]");
        assertThat(data.get(5).toString()).isEqualTo("[0.0,0.0,null]");
        assertThat(data.get(6).toString()).isEqualTo("[null,null,null]");
    }

    @Test
    void sinceGivesOnlyTheNewerColumnsAndSkippedSecondsAreBlank() throws IOException {
        RuntimeHistory history = new RuntimeHistory(900, 128, null);
        long start = System.nanoTime();
        history.received("api", 0, PID, new Stats(0.1, 1, 2, 3, 0.1));
        history.tick(1_000, start + SECOND);
        history.received("api", 0, PID, new Stats(0.2, 1, 2, 3, 0.1));
        history.tick(1_001, System.nanoTime());
        history.received("api", 0, PID, new Stats(0.3, 1, 2, 3, 0.1));
        history.tick(1_004, System.nanoTime()); // a late tick: 1002 and 1003 are blank

        JsonNode newer = read(history, 1_000);
        assertThat(newer.path("start").asLong()).isEqualTo(1_001);
        assertThat(newer.path("length").asInt()).isEqualTo(4);
        assertThat(newer.path("workers").get(0).path("data").get(0).toString()).isEqualTo("[0.2,null,null,0.3]");
        JsonNode none = read(history, 1_004);
        assertThat(none.path("length").asInt()).isZero();
        assertThat(none.path("workers").size()).isZero();
    }

    @Test
    void theWindowScrollsAndAReplacedWorkerStaysUntilItsLastFigureScrollsOut() throws IOException {
        RuntimeHistory history = new RuntimeHistory(5, 128, null);
        history.received("api", 0, PID, new Stats(0.1, 1, 2, 3, 0.1));
        history.tick(1_000, System.nanoTime());
        for (long second = 1_001; second <= 1_004; second++) {
            history.tick(second, System.nanoTime() + 3 * SECOND); // no fresh frame: the worker is gone
        }
        JsonNode window = read(history, 0);
        assertThat(window.path("start").asLong()).isEqualTo(1_000);
        assertThat(window.path("length").asInt()).isEqualTo(5);
        assertThat(window.path("workers").size()).isOne();

        history.tick(1_005, System.nanoTime() + 3 * SECOND);
        JsonNode scrolled = read(history, 0);
        assertThat(scrolled.path("start").asLong()).isEqualTo(1_001);
        assertThat(scrolled.path("workers").size()).isZero();
    }

    @Test
    void atMostMaxRowsAreKeptTheOneWithTheOldestFigureGivingWay() throws IOException {
        HistoryRing ring = new HistoryRing(900, 2);
        float[] column = new float[Series.ALL.length];
        ring.open(1_000);
        ring.put("api", 0, 10, column);
        ring.put("api", 1, 11, column);
        ring.open(1_001);
        ring.put("api", 1, 11, column);
        ring.put("api", 2, 12, column);
        assertThat(ring.rows()).isEqualTo(2);

        RuntimeHistory history = new RuntimeHistory(900, 2, null);
        history.received("api", 0, PID, new Stats(0.1, 1, 2, 3, 0.1));
        history.received("api", 1, PID, new Stats(0.1, 1, 2, 3, 0.1));
        history.received("api", 2, PID, new Stats(0.1, 1, 2, 3, 0.1));
        history.tick(1_000, System.nanoTime());
        assertThat(read(history, 0).path("workers").size()).isEqualTo(2);
    }

    @Test
    void aRowIsKeyedByItsPidSoAWorkerIndexReusedAfterAReloadOfTheRuntimeIsANewRow() {
        HistoryRing ring = new HistoryRing(900, 8);
        float[] column = new float[Series.ALL.length];
        ring.open(1_000);
        ring.put("api", 0, 10, column);
        ring.put("api", 0, 20, column);
        assertThat(ring.rows()).isEqualTo(2);
    }

    @Test
    void residentMemoryIsTheVmRssLineInBytes() {
        byte[] status = "Name:\tjava\nVmPeak:\t 99 kB\nVmRSS:\t  51234 kB\nRssAnon:\t 1 kB\n".getBytes(StandardCharsets.US_ASCII);
        assertThat(ResidentMemory.parse(status)).isEqualTo(51234 * 1024f);
        assertThat(ResidentMemory.parse("Name:\tjava\n".getBytes(StandardCharsets.US_ASCII))).isNaN();
        assertThat(ResidentMemory.of(Long.MAX_VALUE)).isNaN();
    }

    private static JsonNode read(RuntimeHistory history, long since) throws IOException {
        return JSON.readTree(history.json(since));
    }
}
