package dev.rt.config;

import java.time.Duration;

/** {@code gracefulShutdown}: how long a service, and the whole runtime, may take to stop before being killed. */
public record GracefulShutdown(Duration service, Duration runtime) {
    public static final long DEFAULT_MILLIS = 10_000;

    static GracefulShutdown from(ConfigNode gracefulShutdown) {
        return new GracefulShutdown(gracefulShutdown.get("service").millis(DEFAULT_MILLIS),
                gracefulShutdown.get("runtime").millis(DEFAULT_MILLIS));
    }
}
