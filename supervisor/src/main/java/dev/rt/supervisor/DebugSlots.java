package dev.rt.supervisor;

import java.util.BitSet;

/**
 * Debugger port offsets of live workers: each new worker takes the lowest free one, so a restarted worker
 * usually gets the port its predecessor had. Owned by the supervisor loop.
 */
final class DebugSlots {
    private final BitSet taken = new BitSet();

    int take() {
        int slot = taken.nextClearBit(0);
        taken.set(slot);
        return slot;
    }

    void release(int slot) {
        if (slot >= 0) {
            taken.clear(slot);
        }
    }
}
