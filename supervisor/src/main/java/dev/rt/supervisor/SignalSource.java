package dev.rt.supervisor;

import sun.misc.Signal;

/** Where {@link RuntimeSession} hears signals: the JVM's, or a test's stand-in. */
interface SignalSource {
    /** The process's own signals ({@code INT}, {@code TERM}, {@code USR2}), through {@code sun.misc.Signal}. */
    SignalSource JVM = (name, action) -> Signal.handle(new Signal(name), received -> action.run());

    /** Runs {@code action} each time the signal {@code name} (without {@code SIG}) arrives. */
    void on(String name, Runnable action);
}
