package dev.rt.supervisor.systemd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.supervisor.log.RuntimeLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemdNotifierTest {
    private static final String OWN_PID = Long.toString(ProcessHandle.current().pid());

    @TempDir
    Path dir;

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final RuntimeLog log = new RuntimeLog(new PrintStream(output, true, StandardCharsets.UTF_8), false);

    @Test
    void watchdogIsOnlyForThisProcessAndOnlyWithAPositivePeriod() {
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "30000000")))
                .contains(Duration.ofSeconds(30));
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "500000", "WATCHDOG_PID", OWN_PID)))
                .contains(Duration.ofMillis(500));
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "500000", "WATCHDOG_PID", "1")))
                .isEqualTo(Optional.empty());
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "0"))).isEmpty();
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "soon"))).isEmpty();
        assertThat(SystemdNotifier.watchdogInterval(Map.of())).isEmpty();
    }

    @Test
    void withoutNotifySocketNothingIsSentAndNothingIsLogged() {
        try (SystemdNotifier notifier = SystemdNotifier.from(Map.of(), log)) {
            assertThat(notifier.enabled()).isFalse();
            notifier.ready("1 service, 1 worker started");
            notifier.reloading();
            notifier.stopping();
        }
        assertThat(output.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aSocketNobodyListensOnIsWarnedAboutOnceAndNeverStopsTheRuntime() {
        String missing = dir.resolve("no-systemd-here").toString();
        try (SystemdNotifier notifier = SystemdNotifier.from(Map.of("NOTIFY_SOCKET", missing), log)) {
            notifier.ready("1 service, 1 worker started");
            notifier.reloading();
            notifier.stopping();
        }
        String text = output.toString(StandardCharsets.UTF_8);
        assertThat(text.lines().filter(line -> line.contains("Cannot notify systemd"))).hasSize(1);
        assertThat(text).contains("NOTIFY_SOCKET").doesNotContain("Exception");
    }
}
