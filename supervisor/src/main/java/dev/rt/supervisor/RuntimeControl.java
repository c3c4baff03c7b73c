package dev.rt.supervisor;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;

/**
 * What the management API asks of whoever runs the supervisor ({@link RuntimeSession} for {@code rt start}):
 * stop the runtime, or restart it with its configuration read again. Both return at once and act afterwards,
 * so that the request that asked can still be answered.
 */
interface RuntimeControl {
    void stopRuntime();

    void restartRuntime();

    /** For a supervisor that nobody else runs: stopping calls {@code stop} on a thread of its own; no restart. */
    static RuntimeControl standalone(Runnable stop) {
        return new RuntimeControl() {
            @Override
            public void stopRuntime() {
                new Thread(stop, "rt-management-stop").start();
            }

            @Override
            public void restartRuntime() {
                throw new RtException(ErrorCode.RUNTIME_RESTART_UNSUPPORTED,
                        "this runtime cannot restart itself (it was not started by rt start)");
            }
        };
    }
}
