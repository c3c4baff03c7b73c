package dev.rt.agent;

import dev.rt.protocol.Message;
import dev.rt.protocol.Stats;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Samples the worker's health figures every interval on a daemon thread: heap from the memory bean, CPU as
 * the process CPU time over the interval and all processors, ELU from the application's request threads
 * or, for a wrapped application, the CPU figure.
 */
final class StatsReporter {
    private final RunningApplication application;
    private final Utilisation cpu;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();

    StatsReporter(RunningApplication application) {
        this.application = application;
        this.cpu = new Utilisation(processCpuNanos(), Runtime.getRuntime().availableProcessors(), System::nanoTime);
    }

    /** Starts sending a {@link Stats} to {@code sink} every {@code interval}. */
    static ScheduledExecutorService start(RunningApplication application, Duration interval, Consumer<Message> sink) {
        StatsReporter reporter = new StatsReporter(application);
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
        double elu = application.requestThreads().map(Utilisation::sample).orElse(cpuFraction);
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
