package dev.rt.agent;

import java.time.Duration;
import java.util.Optional;

/** An application the agent has started and that serves HTTP on 127.0.0.1. */
interface RunningApplication {

    /** The port it serves on. */
    int port();

    /** The busy fraction of its request threads, when the agent hosts them; empty means "use the process CPU". */
    Optional<Utilisation> requestThreads();

    /** Stops accepting and lets in-flight requests finish, within {@code deadline}. Shutdown hooks run later. */
    void stop(Duration deadline);
}
