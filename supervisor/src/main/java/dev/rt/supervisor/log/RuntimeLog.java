package dev.rt.supervisor.log;

import dev.rt.config.LoggerConfig;
import dev.rt.slf4j.LibraryLog;
import dev.rt.slf4j.LibrarySink;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where every line of the runtime goes: the supervisor's own messages and each worker's output, shaped by the
 * {@code logger} section ({@link LineComposer}), written by one {@link LogWriter} to the configured targets
 * ({@link LogTargets}). Subscribers get every line as JSON, whatever the targets write. Thread-safe: lines are
 * never interleaved. The runtime's own lines are out (flushed) when a logging method returns; workers' lines
 * are queued and written in blocks. While it is open, the warnings and errors the runtime's libraries log through
 * SLF4J are its lines too, with their logger's name ({@code logger}).
 */
public final class RuntimeLog implements AutoCloseable {
    private final LevelScale levels;
    private final int threshold;
    private final String levelName;
    private final String messageKey;
    private final LineComposer composer;
    private final LogWriter writer;
    private static final long CLOSE_WAIT_MILLIS = 2_000;

    private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
    private final int[] openStreams = new int[1];
    private final Optional<StdioCapture> capture;
    private final LibraryLog.Route libraries;

    /** Default settings ({@code level: info}, JSON or pretty lines to {@code out}). */
    public RuntimeLog(PrintStream out, boolean pretty) {
        this(LoggerConfig.defaults(), Path.of(""), List.of(), out, pretty);
    }

    /**
     * @param configDir  the directory relative file paths of targets and formatters are resolved against
     * @param serviceIds the services, so the pretty prefix is padded to the longest id from the first line
     * @throws dev.rt.config.error.ConfigException for an unknown level or target, a bad path or option
     */
    public RuntimeLog(LoggerConfig config, Path configDir, List<String> serviceIds, PrintStream out, boolean pretty) {
        this.levels = LevelScale.of(config);
        this.threshold = levels.threshold(config.level(), "/logger/level");
        this.levelName = config.level();
        this.messageKey = config.messageKey();
        this.composer = new LineComposer(levels, config.messageKey(),
                new TimeField(config.timestamp().orElse(LoggerConfig.Timestamp.EPOCH_TIME)),
                LineComposer.bindings(config.pidAndHostname(), hostname(), config.base()),
                config.redact().map(r -> Redaction.of(r.paths(), r.censor())).orElse(Redaction.none()),
                Formatters.load(config.formattersPath(), configDir));
        int width = serviceIds.stream().mapToInt(id -> id.length() + 2).max().orElse(2);
        this.writer = new LogWriter(new LogTargets(levels, configDir, out, width).build(config, threshold, pretty),
                listeners);
        this.capture = config.captureStdio() ? Optional.of(new StdioCapture(this)) : Optional.empty();
        this.libraries = LibraryLog.routeTo(new LibrarySink() {
            @Override
            public boolean enabled(int level) {
                return level >= threshold;
            }

            @Override
            public void write(int level, String logger, String message) {
                library(level, logger, message);
            }
        });
    }

    public void info(String message) {
        log(Level.INFO, message);
    }

    public void warn(String message) {
        log(Level.WARN, message);
    }

    public void error(String message) {
        log(Level.ERROR, message);
    }

    /**
     * A line of the runtime; when the message is about a worker ({@code the worker 0 of the service "api"}), the
     * line also carries {@code name} and {@code worker}.
     */
    public void log(Level level, String message) {
        long sequence = queue(level, message);
        if (sequence > 0) {
            writer.awaitFlushed(sequence);
        }
    }

    /**
     * A line a library of the runtime logged (Quartz, HikariCP, Netty...), with its logger's name as {@code logger};
     * queued, not waited for, as libraries log from event loops.
     */
    private void library(int level, String logger, String message) {
        if (level >= threshold) {
            writer.add(composer.library(level, logger, message));
        }
    }

    /**
     * A line of the runtime, queued behind the lines before it but not waited for: for what runs often or on an
     * event loop (a scheduler's thousand calls a second), where waiting for the writer would hold up the work the
     * line is about. Returns its sequence number, or 0 when its level is below the logger's.
     */
    public long queue(Level level, String message) {
        if (level.number() < threshold) {
            return 0;
        }
        LogEntry entry = WorkerMention.in(message)
                .map(about -> composer.about(level.number(), about.serviceId(), about.index(), message))
                .orElseGet(() -> composer.own(level.number(), message));
        return writer.add(entry);
    }

    /**
     * {@code logger.level} for the workers' own loggers ({@code RT_LOG_LEVEL}): a standard name or silent, or
     * {@code name:number} for a custom level.
     */
    public String workerLevel() {
        return threshold == LevelScale.SILENT || LevelScale.standard().number(levelName).isPresent() ? levelName
                : levelName + ":" + threshold;
    }

    /** {@code logger.messageKey}, for the workers' own JSON log lines ({@code RT_LOG_MESSAGE_KEY}). */
    public String workerMessageKey() {
        return messageKey;
    }

    /**
     * Delivers every line written from now on, as one JSON log line (whatever the output looks like), until the
     * returned handle is closed. The listener runs on the writing thread, in order, and must not block.
     */
    public AutoCloseable subscribe(Consumer<String> jsonLines) {
        listeners.add(jsonLines);
        return () -> listeners.remove(jsonLines);
    }

    /** One complete line a worker wrote on stdout ({@code stderr == false}) or stderr; out when this returns. */
    public void worker(String serviceId, int workerIndex, boolean stderr, String line) {
        long sequence = workerEntry(serviceId, workerIndex, stderr, line, JavaLogFormats.level(line));
        if (sequence > 0) {
            writer.awaitFlushed(sequence);
        }
    }

    /** A stream of a worker's raw output: lines are cut, stack traces joined, junk made harmless. */
    public WorkerStream workerStream(String serviceId, int workerIndex, boolean stderr) {
        synchronized (openStreams) {
            openStreams[0]++;
        }
        return new WorkerStream(this, serviceId, workerIndex, stderr);
    }

    /** A worker stream reached its end and handed on its last entry. */
    void streamEnded() {
        synchronized (openStreams) {
            openStreams[0]--;
            openStreams.notifyAll();
        }
    }

    /** Queues a worker's entry unless its level is below the logger's; returns its sequence number, or 0. */
    long workerEntry(String serviceId, int workerIndex, boolean stderr, String text, OptionalInt level) {
        if (level.isPresent() && level.getAsInt() < threshold) {
            return 0;
        }
        LogEntry entry = composer.worker(serviceId, workerIndex, stderr, text, level);
        return entry.level() >= threshold ? writer.add(entry) : 0;
    }

    /**
     * Waits a moment (at most {@link #CLOSE_WAIT_MILLIS}) for the output of workers that are still exiting,
     * writes out every queued line and closes the log files.
     */
    @Override
    public void close() {
        libraries.close();
        capture.ifPresent(StdioCapture::close);
        long deadline = System.nanoTime() + CLOSE_WAIT_MILLIS * 1_000_000;
        synchronized (openStreams) {
            long left;
            while (openStreams[0] > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    openStreams.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        writer.close();
    }

    /** Without a DNS lookup: InetAddress.getLocalHost() can stall start-up for seconds on a host with no resolver. */
    private static String hostname() {
        String fromEnv = System.getenv("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }
}
