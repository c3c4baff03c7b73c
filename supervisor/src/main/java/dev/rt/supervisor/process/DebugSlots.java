package dev.rt.supervisor.process;

import java.util.BitSet;
import java.util.function.IntPredicate;

/**
 * Debugger port offsets of live workers: each new worker takes the lowest free one whose port can be listened
 * on, so a restarted worker usually gets the port its predecessor had, and a port another program holds is
 * passed over (the port each worker got is logged). Owned by the supervisor loop.
 */
final class DebugSlots {
    /** The slot of a worker without a debugger. */
    static final int NONE = -1;

    /** How many free slots to try before giving up and taking the lowest anyway (its JVM then says why). */
    private static final int SEARCH = 100;

    private final BitSet taken = new BitSet();

    int take(IntPredicate listenable) {
        int slot = taken.nextClearBit(0);
        for (int tried = 0; tried < SEARCH; tried++, slot = taken.nextClearBit(slot + 1)) {
            if (listenable.test(slot)) {
                taken.set(slot);
                return slot;
            }
        }
        int lowest = taken.nextClearBit(0);
        taken.set(lowest);
        return lowest;
    }

    void release(int slot) {
        if (slot >= 0) {
            taken.clear(slot);
        }
    }
}
