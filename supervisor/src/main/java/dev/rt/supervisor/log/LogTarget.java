package dev.rt.supervisor.log;

import java.io.Closeable;
import java.io.IOException;

/** Where entries go: standard output, a file, a rolling file, the pretty console. Used by one thread at a time. */
interface LogTarget extends Closeable {
    /** Entries below this level are not written here. */
    int threshold();

    /** Writes one entry, possibly into a buffer. */
    void write(LogEntry entry) throws IOException;

    /** Pushes buffered entries out; called when no more entries are waiting. */
    void flush() throws IOException;
}
