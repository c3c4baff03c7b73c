package dev.rt.supervisor.systemd;

import dev.rt.supervisor.concurrent.DaemonThreads;
import dev.rt.supervisor.log.RuntimeLog;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Tells systemd what the runtime is doing when it runs as a {@code Type=notify} unit ({@code NOTIFY_SOCKET}
 * set): {@code READY=1} once every service has started, {@code RELOADING=1} then {@code READY=1} around a
 * reload, {@code STOPPING=1} on shutdown, a {@code STATUS=} line whenever the runtime's one-line summary
 * changes, and {@code WATCHDOG=1} every half {@code WATCHDOG_USEC} while the supervisor's loop answers (a stuck
 * loop stops the pings, and systemd restarts the unit). Without {@code NOTIFY_SOCKET} every method does
 * nothing. A datagram that cannot be sent is logged once and never stops the runtime.
 */
public final class SystemdNotifier implements AutoCloseable {
    /** How often the status line is looked at when there is no faster watchdog. */
    static final Duration STATUS_INTERVAL = Duration.ofSeconds(1);

    private final Optional<NotifySocket> socket;
    private final Optional<Duration> watchdog;
    private final RuntimeLog log;
    private ScheduledExecutorService timer;
    private volatile String lastStatus;
    private boolean failed;

    private SystemdNotifier(Optional<NotifySocket> socket, Optional<Duration> watchdog, RuntimeLog log) {
        this.socket = socket;
        this.watchdog = watchdog;
        this.log = log;
    }

    /** From {@code NOTIFY_SOCKET}, {@code WATCHDOG_USEC} and {@code WATCHDOG_PID} of {@code env}. */
    public static SystemdNotifier from(Map<String, String> env, RuntimeLog log) {
        String path = env.get("NOTIFY_SOCKET");
        if (path == null || path.isBlank()) {
            return new SystemdNotifier(Optional.empty(), Optional.empty(), log);
        }
        try {
            return new SystemdNotifier(Optional.of(NotifySocket.open(path)), watchdogInterval(env), log);
        } catch (IOException | RuntimeException e) {
            log.warn("Cannot open systemd's notification socket " + path + " (NOTIFY_SOCKET): " + e.getMessage()
                    + "; systemd will not hear from rt.");
            return new SystemdNotifier(Optional.empty(), Optional.empty(), log);
        }
    }

    /**
     * The watchdog period systemd asked for, when it is meant for this process: {@code WATCHDOG_PID}, if set,
     * must be this process's pid (sd_watchdog_enabled(3)).
     */
    static Optional<Duration> watchdogInterval(Map<String, String> env) {
        String usec = env.get("WATCHDOG_USEC");
        String pid = env.get("WATCHDOG_PID");
        if (usec == null || (pid != null && !pid.equals(Long.toString(ProcessHandle.current().pid())))) {
            return Optional.empty();
        }
        try {
            long micros = Long.parseLong(usec.strip());
            return micros > 0 ? Optional.of(Duration.ofNanos(micros * 1000)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public boolean enabled() {
        return socket.isPresent();
    }

    /** Every service has started (again): {@code READY=1} with the status line. */
    public void ready(String status) {
        lastStatus = status;
        send("READY=1\nSTATUS=" + status);
    }

    /** A reload or restart begins; systemd expects {@code READY=1} when it is over. */
    public void reloading() {
        send("RELOADING=1\nMONOTONIC_USEC=" + System.nanoTime() / 1000 + "\nSTATUS=Reloading every service");
    }

    /** Shutdown begins: the status line and the watchdog pings end here (systemd's stop timeout takes over). */
    public void stopping() {
        synchronized (this) {
            if (timer != null) {
                timer.shutdownNow();
            }
        }
        send("STOPPING=1\nSTATUS=Stopping");
    }

    /**
     * From now on: a {@code STATUS=} line whenever {@code status} says something new, and, when systemd asked
     * for a watchdog, {@code WATCHDOG=1} at half its period each time {@code healthy} says the loop answers.
     */
    public synchronized void watch(Supplier<String> status, BooleanSupplier healthy) {
        if (!enabled() || timer != null) {
            return;
        }
        Duration period = watchdog.map(w -> w.dividedBy(2)).filter(half -> half.compareTo(STATUS_INTERVAL) < 0)
                .orElse(STATUS_INTERVAL);
        timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rt-systemd-notify"));
        timer.scheduleAtFixedRate(() -> tick(status, healthy), 0, period.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void tick(Supplier<String> status, BooleanSupplier healthy) {
        try {
            StringBuilder message = new StringBuilder();
            String now = status.get();
            if (!Objects.equals(now, lastStatus)) {
                lastStatus = now;
                message.append("STATUS=").append(now).append('\n');
            }
            if (watchdog.isPresent() && healthy.getAsBoolean()) {
                message.append("WATCHDOG=1\n");
            }
            if (message.length() > 0) {
                send(message.substring(0, message.length() - 1));
            }
        } catch (RuntimeException e) {
            log.warn("systemd notification: " + e.getMessage());
        }
    }

    private void send(String assignments) {
        if (socket.isEmpty()) {
            return;
        }
        try {
            socket.get().send(assignments);
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                if (!failed) {
                    failed = true;
                    log.warn("Cannot notify systemd through NOTIFY_SOCKET: " + e.getMessage());
                }
            }
        }
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
        socket.ifPresent(NotifySocket::close);
    }
}
