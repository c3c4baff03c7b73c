package dev.rt.kind.service.busy;

import dev.rt.kind.BusyTime;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
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
 * <p>It owns the pool's busy time, which the blocking handlers it wraps ({@link #blocking}) count into while requests
 * run. The {@link BusyTime} it reports is read through its clock: it is begun once, at start, and its in-flight time
 * is the sum above.
 */
public final class LoopBusyTime {
    static final String LOOP_THREAD_PREFIX = "vert.x-eventloop-thread-";

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final int loops;
    private final BusyTime pool;
    private final int poolSize;
    private long[] loopIds = new long[0];
    private long highest;

    public LoopBusyTime(int loops, int poolSize) {
        this.loops = loops;
        this.pool = new BusyTime(poolSize);
        this.poolSize = poolSize;
    }

    /** {@code handler}, counting the time it runs into the worker pool's busy time: for a handler run there. */
    public Handler<RoutingContext> blocking(Handler<RoutingContext> handler) {
        return new BlockingBusyTime(handler, pool);
    }

    /** The busy time to report; begun, never ended. */
    public BusyTime busyTime() {
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
