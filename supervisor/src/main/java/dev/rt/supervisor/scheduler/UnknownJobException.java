package dev.rt.supervisor.scheduler;

/** No job of that name: {@code Scheduler "<name>" not found}. */
public final class UnknownJobException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnknownJobException(String name) {
        super("Scheduler \"" + name + "\" not found", null, false, false);
    }
}
