package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.time.Duration;

/**
 * {@code gracefulShutdown}: how long a service, and the whole runtime, may take to stop before being killed, and how
 * long a stopping runtime drains before its entrypoint stops accepting ({@code drain}: {@code /ready} fails, the
 * entrypoint still serves).
 */
public record GracefulShutdown(Duration service, Duration runtime, Duration drain) {
    public static final long DEFAULT_MILLIS = 10_000;

    /** No drain: the entrypoint stops accepting as soon as the runtime is told to stop. */
    public GracefulShutdown(Duration service, Duration runtime) {
        this(service, runtime, Duration.ZERO);
    }

    static GracefulShutdown from(ConfigNode gracefulShutdown) {
        return new GracefulShutdown(gracefulShutdown.get("service").millis(DEFAULT_MILLIS),
                gracefulShutdown.get("runtime").millis(DEFAULT_MILLIS), gracefulShutdown.get("drain").millis(0));
    }
}
