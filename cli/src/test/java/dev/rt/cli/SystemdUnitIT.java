package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code packaging/systemd/rt.service} as systemd itself reads it ({@code systemd-analyze verify}). */
class SystemdUnitIT {
    private static final Path REPOSITORY = Fixtures.testdata().getParent();
    private static final Path UNIT = REPOSITORY.resolve("packaging/systemd/rt.service");

    @TempDir
    Path dir;

    @Test
    void unitFilePassesSystemdAnalyzeVerifyWithoutASingleWarning() throws Exception {
        Verdict verdict = verify(installed(Files.readString(UNIT)));
        assertThat(verdict.output()).isEmpty();
        assertThat(verdict.exit()).isZero();
    }

    @Test
    void verificationWouldCatchAMistakeInTheUnit() throws Exception {
        Verdict typo = verify(installed(Files.readString(UNIT).replace("KillMode=mixed", "KillMode=mixd")));
        assertThat(typo.output()).contains("kill mode");
    }

    @Test
    void unitIsANotifyServiceThatLetsRtStopItsOwnWorkersAndReloadsWithSigusr2() throws Exception {
        String unit = Files.readString(UNIT);
        assertThat(unit).containsPattern("(?m)^Type=notify$").containsPattern("(?m)^NotifyAccess=main$")
                .containsPattern("(?m)^KillMode=mixed$").containsPattern("(?m)^ExecReload=/bin/kill -USR2 \\$MAINPID$")
                .containsPattern("(?m)^WatchdogSec=\\d+$").containsPattern("(?m)^ExecStart=/opt/rt/bin/rt start ")
                .doesNotContainPattern("(?m)^MemoryDenyWriteExecute=yes").doesNotContainPattern("(?m)^PrivateTmp=yes");
    }

    /** The unit as installed from this checkout: its ExecStart must name an executable that exists. */
    private Path installed(String unit) throws IOException {
        Path file = dir.resolve("rt.service");
        Files.writeString(file, unit.replace("/opt/rt", REPOSITORY.toString()));
        return file;
    }

    private static Verdict verify(Path unit) throws Exception {
        Process process = new ProcessBuilder("systemd-analyze", "verify", unit.toString()).redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("systemd-analyze finished").isTrue();
        return new Verdict(process.exitValue(), output);
    }

    private record Verdict(int exit, String output) {
    }
}
