package dev.rt.supervisor.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident set size, from the {@code VmRSS} line of Linux's {@code /proc/<pid>/status} (the agent's
 * {@code Stats} frame carries the heap, not the process's memory); NaN where that file is not there or not
 * readable (another system, a process that has just ended).
 */
final class ResidentMemory {
    private static final byte[] FIELD = "VmRSS:".getBytes(StandardCharsets.US_ASCII);

    private ResidentMemory() {
    }

    static float of(long pid) {
        byte[] status;
        try {
            status = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "status"));
        } catch (IOException | SecurityException e) {
            return Float.NaN;
        }
        return parse(status);
    }

    /** The bytes of the {@code VmRSS: <n> kB} line, or NaN without one. */
    static float parse(byte[] status) {
        outer:
        for (int i = 0; i + FIELD.length <= status.length; i++) {
            if (i > 0 && status[i - 1] != '\n') {
                continue;
            }
            for (int j = 0; j < FIELD.length; j++) {
                if (status[i + j] != FIELD[j]) {
                    continue outer;
                }
            }
            long kilobytes = 0;
            boolean digits = false;
            for (int k = i + FIELD.length; k < status.length && status[k] != '\n'; k++) {
                if (status[k] >= '0' && status[k] <= '9') {
                    kilobytes = kilobytes * 10 + (status[k] - '0');
                    digits = true;
                }
            }
            return digits ? kilobytes * 1024f : Float.NaN;
        }
        return Float.NaN;
    }
}
