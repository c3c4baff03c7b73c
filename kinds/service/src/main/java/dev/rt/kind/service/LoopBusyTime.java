package dev.rt.kind.service;

import dev.rt.kind.BusyTime;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The worker's busy time for its ELU: the event loops' busy time (the CPU time of their threads: a loop thread is
 * busy exactly when it runs, and waits in the kernel otherwise), plus the worker pool's, where blocking handlers run,
 * scaled to the loops (a pool busy all the time counts as every loop busy). So ELU is the event loops' busy fraction,
 * as it is of the reference's single loop, and reaches 1 also when blocking handlers hold every pool thread.
 *
 * <p>The {@link BusyTime} it returns is read through its clock: it is begun once, at start, and its in-flight time is
 * the sum above.
 */
final class LoopBusyTime {
    static final String LOOP_THREAD_PREFIX = "vert.x-eventloop-thread-";

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final int loops;
    private final BusyTime pool;
    private final int poolSize;
    private long[] loopIds = new long[0];
    private long highest;

    LoopBusyTime(int loops, BusyTime pool, int poolSize) {
        this.loops = loops;
        this.pool = pool;
        this.poolSize = poolSize;
    }

    /** The busy time to report; begun, never ended. */
    BusyTime busyTime() {
        BusyTime busy = new BusyTime(loops, this::nanos);
        busy.begin();
        return busy;
    }

    private synchronized long nanos() {
        if (loopIds.length < loops) {
            loopIds = Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds()))
                    .filter(info -> info != null && info.getThreadName().startsWith(LOOP_THREAD_PREFIX))
                    .mapToLong(ThreadInfo::getThreadId).toArray();
        }
        long cpu = 0;
        for (long id : loopIds) {
            cpu += Math.max(0, threads.getThreadCpuTime(id));
        }
        long total = cpu + pool.totalNanos() * loops / poolSize;
        highest = Math.max(highest, total);
        return highest;
    }
}
