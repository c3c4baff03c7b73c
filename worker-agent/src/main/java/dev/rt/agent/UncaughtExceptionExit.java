package dev.rt.agent;

import dev.rt.protocol.Protocol;
import java.io.PrintStream;

/**
 * The default uncaught-exception handler when the service sets {@code exitOnUnhandledErrors}: reports the
 * exception on stderr and ends the worker with {@link Protocol#EXIT_UNHANDLED_ERROR}, so it is restarted.
 */
final class UncaughtExceptionExit implements Thread.UncaughtExceptionHandler {
    private final String serviceId;
    private final int workerIndex;
    private final ProcessExit exit;

    UncaughtExceptionExit(String serviceId, int workerIndex, ProcessExit exit) {
        this.serviceId = serviceId;
        this.workerIndex = workerIndex;
        this.exit = exit;
    }

    @Override
    public void uncaughtException(Thread thread, Throwable error) {
        PrintStream err = System.err;
        synchronized (err) {
            err.println("The worker " + workerIndex + " of the service \"" + serviceId
                    + "\" threw an uncaught exception: " + error);
            error.printStackTrace(err);
        }
        exit.exit(Protocol.EXIT_UNHANDLED_ERROR);
    }
}
