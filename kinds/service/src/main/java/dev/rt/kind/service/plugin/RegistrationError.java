package dev.rt.kind.service.plugin;

/** A plugin asked for something rt refuses (a clashing route, an invalid schema, an unknown client): a message only. */
final class RegistrationError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    RegistrationError(String message) {
        super(message);
    }
}
