package dev.rt.testdata.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Counts starts across worker JVMs in a file, so a scenario can misbehave only on its first N starts:
 * with {@code <PREFIX>_FILE} set, {@link #firstStarts()} is true for the first {@code <PREFIX>_TIMES} starts
 * (every start when the variable is unset). Without {@code <PREFIX>_FILE} every start counts as one of them.
 */
public final class StartCounter {
    private final String prefix;

    public StartCounter(String prefix) {
        this.prefix = prefix;
    }

    /** Records this start; true while the number of starts so far is within the limit. */
    public boolean firstStarts() {
        String file = System.getenv(prefix + "_FILE");
        if (file == null || file.isBlank()) {
            return true;
        }
        int limit = Integer.parseInt(System.getenv().getOrDefault(prefix + "_TIMES", String.valueOf(Integer.MAX_VALUE)));
        try {
            Path path = Path.of(file);
            Files.writeString(path, "x", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return Files.readString(path).length() <= limit;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether this worker is the one a scenario targets: {@code <PREFIX>_WORKER} (default 0) is RT_WORKER_ID. */
    public static boolean targetsThisWorker(String prefix) {
        return System.getenv().getOrDefault(prefix + "_WORKER", "0").equals(System.getenv("RT_WORKER_ID"));
    }

    public static long millis(String name, long fallback) {
        return Long.parseLong(System.getenv().getOrDefault(name, String.valueOf(fallback)));
    }
}
