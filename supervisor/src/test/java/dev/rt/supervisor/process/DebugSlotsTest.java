package dev.rt.supervisor.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DebugSlotsTest {
    private final DebugSlots slots = new DebugSlots();

    @Test
    void eachWorkerTakesTheLowestFreeSlotAndARestartedOneGetsItsPredecessorsBack() {
        assertThat(slots.take(slot -> true)).isZero();
        assertThat(slots.take(slot -> true)).isEqualTo(1);
        slots.release(0);

        assertThat(slots.take(slot -> true)).isZero();
    }

    @Test
    void aSlotWhosePortCannotBeListenedOnIsPassedOver() {
        assertThat(slots.take(slot -> slot != 0 && slot != 1)).isEqualTo(2);
        assertThat(slots.take(slot -> slot != 0)).isEqualTo(1);
    }

    @Test
    void withNoListenablePortTheLowestFreeSlotIsTakenAnyway() {
        assertThat(slots.take(slot -> false)).isZero();
        assertThat(slots.take(slot -> false)).isEqualTo(1);
    }
}
