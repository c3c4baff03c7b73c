package dev.rt.agent;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C in a terminal sends SIGINT to the whole process group, workers included. A worker ignores it:
 * the supervisor receives it too and stops every worker in order, letting in-flight requests finish.
 * A worker that died on its own SIGINT would lose those requests and be reported as crashed.
 */
final class TerminalInterrupt {
    private TerminalInterrupt() {
    }

    static void ignore() {
        try {
            Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException e) {
            // no SIGINT on this platform (or the JVM was started with -Xrs): nothing to ignore
        }
    }
}
