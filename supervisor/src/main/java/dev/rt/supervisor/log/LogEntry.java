package dev.rt.supervisor.log;

/**
 * One entry of the runtime log, ready to write: its level number, the JSON line (without the newline) and the
 * parts the pretty output shows.
 *
 * @param name    the service id; empty for the runtime's own lines
 * @param worker  the worker index; -1 for the runtime's own lines
 * @param pid     the pid the line names (a worker's own JSON line keeps its own)
 * @param message the message, possibly several lines (a stack trace)
 */
record LogEntry(int level, long time, String name, int worker, long pid, String message, String json) {
    boolean fromWorker() {
        return !name.isEmpty();
    }
}
