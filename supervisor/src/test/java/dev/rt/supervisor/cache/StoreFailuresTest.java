package dev.rt.supervisor.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** Every failure counts; the log says so at once, then at most once every 30 s, and once when the store is back. */
class StoreFailuresTest {

    @Test
    void failuresAreCountedEachAndLoggedAtMostOnceAnIntervalThenTheRecoveryOnce() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LongAdder count = new LongAdder();
        AtomicLong now = new AtomicLong();
        try (RuntimeLog log = new RuntimeLog(new PrintStream(out, true, StandardCharsets.UTF_8), false)) {
            StoreFailures failures = new StoreFailures(count, log, "redis://127.0.0.1:6379", now::get);
            failures.succeeded();
            Exception refused = new CompletionException(new IllegalStateException("Unable to connect to 127.0.0.1:6379",
                    new ConnectException("Connection refused: /127.0.0.1:6379")));
            failures.failed("look up a response", refused);
            now.addAndGet(StoreFailures.INTERVAL.toNanos() - 1);
            failures.failed("store a response", refused);
            failures.failed("look up a response", refused);
            now.addAndGet(1);
            failures.failed("count its entries", refused);
            failures.failed("look up a response", refused);
            failures.succeeded();
            failures.succeeded();
            log.info("end");
        }

        assertThat(count.sum()).isEqualTo(5);
        assertThat(out.toString(StandardCharsets.UTF_8).lines().map(line -> line.replaceAll(".*\"msg\":\"", "")))
                .containsExactly(
                        "The HTTP cache's store redis://127.0.0.1:6379 failed to look up a response: Unable to connect to "
                                + "127.0.0.1:6379: Connection refused: /127.0.0.1:6379; requests go to their services "
                                + "meanwhile\"}",
                        "The HTTP cache's store redis://127.0.0.1:6379 failed to count its entries: Unable to connect to "
                                + "127.0.0.1:6379: Connection refused: /127.0.0.1:6379 (3 failures since the last "
                                + "message); requests go to their services meanwhile\"}",
                        "The HTTP cache's store redis://127.0.0.1:6379 answers again (1 more failures before it did)\"}",
                        "end\"}");
    }
}
