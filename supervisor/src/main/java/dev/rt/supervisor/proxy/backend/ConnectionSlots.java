package dev.rt.supervisor.proxy.backend;

import java.net.InetSocketAddress;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The most connections open at once to one worker address ({@code undici.connections}), shared by every
 * event loop. A request that finds none free waits: when a connection to that address closes or goes back to
 * the pool idle, every waiter is told (each on its own event loop) and tries again. Unlimited costs nothing.
 */
final class ConnectionSlots {
    private final int limit;
    private final ConcurrentHashMap<InetSocketAddress, Slots> byAddress = new ConcurrentHashMap<>();

    private static final class Slots {
        final AtomicInteger open = new AtomicInteger();
        final Queue<Waiter> waiters = new ConcurrentLinkedQueue<>();
    }

    private record Waiter(Executor loop, Runnable retry) {
    }

    ConnectionSlots(int limit) {
        this.limit = limit;
    }

    boolean unlimited() {
        return limit == Integer.MAX_VALUE;
    }

    /**
     * Takes a slot for a new connection to {@code address}; when none is free, queues {@code retry} to run on
     * {@code loop} once one may be, and returns false.
     */
    boolean tryOpen(InetSocketAddress address, Executor loop, Runnable retry) {
        if (unlimited()) {
            return true;
        }
        Slots slots = byAddress.computeIfAbsent(address, a -> new Slots());
        while (true) {
            int open = slots.open.get();
            if (open >= limit) {
                slots.waiters.add(new Waiter(loop, retry));
                if (slots.open.get() < limit) {
                    wake(slots); // a slot freed between the check and the queueing
                }
                return false;
            }
            if (slots.open.compareAndSet(open, open + 1)) {
                return true;
            }
        }
    }

    /** Gives back the slot of a connection to {@code address} that closed (or never opened). */
    void closed(InetSocketAddress address) {
        if (unlimited()) {
            return;
        }
        Slots slots = byAddress.get(address);
        if (slots != null) {
            slots.open.decrementAndGet();
            wake(slots);
        }
    }

    /** A connection to {@code address} went back to the pool: waiters try again (one on its loop takes it). */
    void idle(InetSocketAddress address) {
        if (unlimited()) {
            return;
        }
        Slots slots = byAddress.get(address);
        if (slots != null) {
            wake(slots);
        }
    }

    /** Every waiter tries again (one whose request ended meanwhile does nothing); those that lose wait again. */
    private static void wake(Slots slots) {
        Waiter waiter;
        while ((waiter = slots.waiters.poll()) != null) {
            waiter.loop().execute(waiter.retry());
        }
    }
}
