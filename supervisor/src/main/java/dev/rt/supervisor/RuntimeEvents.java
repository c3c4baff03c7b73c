package dev.rt.supervisor;

/**
 * What a {@link Supervisor} tells those who follow it (systemd's notifier) beyond its log. Called on the thread
 * that caused the event; implementations must not block.
 */
interface RuntimeEvents {
    /** A reload of every service begins (a signal, or a request). */
    default void reloading() {
    }

    /**
     * The reload that began with {@link #reloading()} is over, whether or not every service came back. Called
     * off the supervisor's loop, so it may ask the supervisor how things stand.
     */
    default void reloaded() {
    }
}
