package dev.rt.agent;

import dev.rt.protocol.Message;
import dev.rt.protocol.SpanBatch;
import dev.rt.protocol.WorkerSpan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Sends the spans a worker records to the supervisor, on a thread of its own so that a request never waits for the
 * socket: a batch leaves {@link #LINGER} after its first span, or as soon as it holds {@value #BATCH}, so that a busy
 * worker sends few frames. When the supervisor falls behind the queue fills and new spans are dropped, never requests.
 */
final class SpanShipper implements Runnable {
    static final int CAPACITY = 8192;
    static final int BATCH = 512;
    static final Duration LINGER = Duration.ofMillis(100);

    private final BlockingQueue<WorkerSpan> queue = new ArrayBlockingQueue<>(CAPACITY);
    private final Predicate<Message> sink;

    /** @param sink sends a frame to the supervisor; false once the socket is gone */
    private SpanShipper(Predicate<Message> sink) {
        this.sink = sink;
    }

    static SpanShipper start(Predicate<Message> sink) {
        SpanShipper shipper = new SpanShipper(sink);
        Thread thread = new Thread(shipper, "rt-agent-spans");
        thread.setDaemon(true);
        thread.start();
        return shipper;
    }

    /** Queues an ended span; drops it when the queue is full. */
    void ship(WorkerSpan span) {
        queue.offer(span);
    }

    @Override
    public void run() {
        List<WorkerSpan> batch = new ArrayList<>(BATCH);
        try {
            while (true) {
                WorkerSpan first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                long deadline = System.nanoTime() + LINGER.toNanos();
                while (batch.size() < BATCH) {
                    long left = deadline - System.nanoTime();
                    WorkerSpan next = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : null;
                    if (next == null) {
                        break;
                    }
                    batch.add(next);
                    queue.drainTo(batch, BATCH - batch.size());
                }
                if (!sink.test(new SpanBatch(batch))) {
                    return;
                }
                batch.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
