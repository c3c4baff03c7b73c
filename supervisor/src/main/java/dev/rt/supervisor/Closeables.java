package dev.rt.supervisor;

import dev.rt.supervisor.log.RuntimeLog;
import java.util.ArrayList;
import java.util.List;

/** What a runtime opened as it started, closed the other way round when it stops; a failure to close is logged. */
final class Closeables {
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final RuntimeLog log;

    Closeables(RuntimeLog log) {
        this.log = log;
    }

    <T extends AutoCloseable> T add(T closeable) {
        opened.add(closeable);
        return closeable;
    }

    /** Closes everything added, the last first, and forgets it. */
    void closeAll() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception e) {
                log.warn("while stopping: " + e.getMessage());
            }
        }
        opened.clear();
    }
}
