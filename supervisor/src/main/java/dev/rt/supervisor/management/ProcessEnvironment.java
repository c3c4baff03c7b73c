package dev.rt.supervisor.management;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The environment a process was started with, from Linux's {@code /proc/<pid>/environ} (readable for the processes
 * of the same user): for a worker, exactly what it got, {@code PORT} and the {@code RT_*} variables included.
 */
final class ProcessEnvironment {
    private ProcessEnvironment() {
    }

    /** Its variables sorted by name; empty when the process is gone or the system has no such file. */
    static Optional<Map<String, String>> of(long pid) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        return Optional.of(parse(new String(bytes, StandardCharsets.UTF_8)));
    }

    /** {@code NAME=value} entries separated by NUL characters. */
    static Map<String, String> parse(String environ) {
        Map<String, String> variables = new TreeMap<>();
        for (String entry : environ.split("\0")) {
            int equals = entry.indexOf('=');
            if (equals > 0) {
                variables.put(entry.substring(0, equals), entry.substring(equals + 1));
            }
        }
        return variables;
    }
}
