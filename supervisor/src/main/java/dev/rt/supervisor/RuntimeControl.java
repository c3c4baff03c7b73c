package dev.rt.supervisor;

/**
 * What the management API asks of whoever runs the supervisor ({@link RuntimeSession} for {@code rt start}):
 * stop the runtime, or restart it with its configuration read again. Both return at once and act afterwards,
 * so that the request that asked can still be answered.
 */
public interface RuntimeControl {
    void stopRuntime();

    void restartRuntime();
}
