package dev.rt.supervisor.concurrent;

import java.util.concurrent.ThreadFactory;

/** Threads of the supervisor's own executors: named, and daemons, so none of them keeps the JVM alive. */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    public static ThreadFactory named(String name) {
        return task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
