package dev.rt.agent;

import dev.rt.kind.RunningApplication;
import dev.rt.protocol.Message;
import dev.rt.protocol.Stats;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Samples the worker's health figures every interval on a daemon thread: heap from the memory bean, CPU as
 * the process CPU time over the interval and all processors, and ELU as the higher of the busy fraction of
 * the application's request threads (when the agent hosts them) and that CPU figure.
 *
 * <p>Node's ELU is the busy fraction of the one thread that serves everything; a JVM serves from many. Either
 * way of running out counts: every request thread busy (requests queue up, even if they are only waiting),
 * or every processor busy (a busy loop on any thread, or more work than the machine has). Both lie in [0, 1].
 */
final class StatsReporter {
    private final Optional<Utilisation> requestThreads;
    private final Utilisation cpu;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();

    /** @param requestThreads the busy fraction of the application's request threads, when the kind reports it */
    StatsReporter(Optional<Utilisation> requestThreads) {
        this.requestThreads = requestThreads;
        this.cpu = new Utilisation(processCpuNanos(), Runtime.getRuntime().availableProcessors(), System::nanoTime);
    }

    /** Starts sending a {@link Stats} to {@code sink} every {@code interval}. */
    static ScheduledExecutorService start(RunningApplication application, Duration interval, Consumer<Message> sink) {
        StatsReporter reporter = new StatsReporter(application.busyTime()
                .map(busy -> new Utilisation(busy::totalNanos, busy.threads(), System::nanoTime)));
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "rt-agent-stats");
            thread.setDaemon(true);
            return thread;
        });
        long millis = interval.toMillis();
        timer.scheduleAtFixedRate(() -> sink.accept(reporter.sample()), millis, millis, TimeUnit.MILLISECONDS);
        return timer;
    }

    /** The figures since the previous sample. */
    Stats sample() {
        double cpuFraction = cpu.sample();
        double elu = Math.max(cpuFraction, requestThreads.map(Utilisation::sample).orElse(0.0));
        MemoryUsage heap = memory.getHeapMemoryUsage();
        long max = heap.getMax() >= 0 ? heap.getMax() : Runtime.getRuntime().maxMemory();
        return new Stats(elu, heap.getUsed(), heap.getCommitted(), max, cpuFraction);
    }

    private static LongSupplier processCpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return () -> Math.max(0, sun.getProcessCpuTime());
        }
        return () -> 0;
    }
}
