package dev.rt.supervisor.log;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The write path: producers (the readers of every worker's output, the supervisor) queue entries and go on;
 * one writer thread at a time drains the queue into the targets and the subscribers, in order, flushing only
 * when the queue is empty (or someone waits for a line) (so a flood is written in large blocks, and every line is out as soon as the flood
 * stops). Nobody holds the queue's lock across I/O. The queue is bounded: when it is full, producers wait,
 * and a worker's pipe fills up instead, so nothing is lost. The writer thread ends after two idle seconds; the next entry starts another.
 */
final class LogWriter {
    private static final int CAPACITY = 16_384;
    private static final int BATCH = 1_024;
    /** How long the writer thread waits for more work before it ends. */
    private static final long LINGER_NANOS = 2_000_000_000L;

    private final List<LogTarget> targets;
    private final List<Consumer<String>> listeners;
    private final ArrayDeque<LogEntry> queue = new ArrayDeque<>();
    private long added;
    private long flushed;
    private int waiters;
    private Thread writer;
    private boolean closed;

    LogWriter(List<LogTarget> targets, List<Consumer<String>> listeners) {
        this.targets = List.copyOf(targets);
        this.listeners = listeners;
    }

    /** Queues an entry; returns its sequence number for {@link #awaitFlushed(long)}. */
    synchronized long add(LogEntry entry) {
        boolean interrupted = false;
        while (queue.size() >= CAPACITY && Thread.currentThread() != writer) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        queue.add(entry);
        added++;
        if (queue.size() == 1) {
            notifyAll(); // a lingering writer waits for it
        }
        if (writer == null) {
            writer = new Thread(this::drain, "rt-log-writer");
            writer.setDaemon(true);
            writer.start();
        }
        return added;
    }

    /** Waits until entry {@code sequence} and all before it are written and flushed. */
    synchronized void awaitFlushed(long sequence) {
        if (Thread.currentThread() == writer) {
            return; // a subscriber logging: its line follows once it returns
        }
        waiters++;
        boolean interrupted = false;
        try {
            while (flushed < sequence) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            waiters--;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits until everything queued is written, then closes the targets that own files. */
    void close() {
        long last;
        synchronized (this) {
            last = added;
        }
        awaitFlushed(last);
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (LogTarget target : targets) {
            try {
                target.close();
            } catch (IOException e) {
                // the file is gone or the disk is full: nothing left to report it to
            }
        }
    }

    private void drain() {
        List<LogEntry> batch = new ArrayList<>(BATCH);
        boolean dirty = false;
        while (true) {
            synchronized (this) {
                long idleUntil = System.nanoTime() + LINGER_NANOS;
                while (queue.isEmpty() && !dirty) {
                    long left = idleUntil - System.nanoTime();
                    if (left <= 0) {
                        writer = null; // the next entry starts a new writer
                        return;
                    }
                    try {
                        wait(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        writer = null;
                        return;
                    }
                }
                while (!queue.isEmpty() && batch.size() < BATCH) {
                    batch.add(queue.poll());
                }
                notifyAll(); // room in the queue
            }
            for (LogEntry entry : batch) {
                write(entry);
            }
            dirty |= !batch.isEmpty();
            batch.clear();
            boolean flush;
            synchronized (this) {
                flush = queue.isEmpty() || waiters > 0;
            }
            if (flush && dirty) {
                flushTargets();
                dirty = false;
                synchronized (this) {
                    flushed = added - queue.size();
                    notifyAll();
                }
            }
        }
    }

    private void write(LogEntry entry) {
        for (LogTarget target : targets) {
            if (entry.level() >= target.threshold()) {
                try {
                    target.write(entry);
                } catch (IOException e) {
                    // a closed pipe or full disk must not stop the other targets
                }
            }
        }
        for (Consumer<String> listener : listeners) {
            try {
                listener.accept(entry.json());
            } catch (RuntimeException e) {
                // a failing subscriber loses its line, the others do not
            }
        }
    }

    private void flushTargets() {
        for (LogTarget target : targets) {
            try {
                target.flush();
            } catch (IOException e) {
                // as in write
            }
        }
    }
}
