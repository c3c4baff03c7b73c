package dev.rt.supervisor.management;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogStoreTest {
    @TempDir
    Path dir;
    private final RuntimeLog log = new RuntimeLog(new PrintStream(new ByteArrayOutputStream(), true), false);

    @Test
    void filesRotateAtTheirSizeAndTheOldestGoWhenTheBoundIsReached() throws Exception {
        try (LogStore store = LogStore.open(dir, 1000, 400, log)) {
            for (int i = 0; i < 20; i++) {
                log.info("line " + i + " " + "x".repeat(100));
            }
            List<Integer> indexes = store.indexes();
            assertThat(indexes).hasSize(3).endsWith(indexes.get(0) + 2);
            assertThat(indexes.get(0)).isPositive();
            assertThat(dir.resolve("logs.0")).doesNotExist();
            try (var files = Files.list(dir)) {
                assertThat(files.count()).isEqualTo(3);
                for (int index : indexes) {
                    assertThat(Files.size(dir.resolve("logs." + index))).isLessThanOrEqualTo(400);
                }
            }
            assertThat(store.all()).endsWith("line 19 " + "x".repeat(100) + "\"}\n").doesNotContain("\"line 0 ");
            assertThat(store.read(0)).isEmpty();
            assertThat(store.read(indexes.get(2)).orElseThrow()).contains("line 19");
        }
    }

    @Test
    void followReplaysFromAFileThenDeliversNewLinesWithNothingLostOrRepeated() throws Exception {
        try (LogStore store = LogStore.open(dir, 1 << 20, 1 << 20, log)) {
            log.info("before");
            List<String> seen = new ArrayList<>();
            try (AutoCloseable following = store.follow(0, seen::add)) {
                log.warn("after");
            }
            log.info("closed");
            String text = String.join("", seen);
            assertThat(text.split("\n")).hasSize(2);
            assertThat(text).contains("\"msg\":\"before\"").contains("\"level\":40").contains("\"msg\":\"after\"")
                    .doesNotContain("closed");
            List<String> liveOnly = new ArrayList<>();
            try (AutoCloseable following = store.follow(Integer.MAX_VALUE, liveOnly::add)) {
                log.info("live");
            }
            assertThat(liveOnly).hasSize(1);
            assertThat(liveOnly.get(0)).contains("\"msg\":\"live\"").endsWith("}\n");
        }
    }

    @Test
    void closingStopsKeepingLines() throws Exception {
        LogStore store = LogStore.open(dir, 1 << 20, 1 << 20, log);
        log.info("kept");
        store.close();
        log.info("not kept");
        assertThat(Files.readString(dir.resolve("logs.0"))).contains("kept").doesNotContain("not kept");
    }
}
