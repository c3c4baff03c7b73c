package dev.rt.supervisor;

import dev.rt.config.ServiceConfig;
import dev.rt.supervisor.process.Debugger;
import java.util.Objects;

/**
 * How {@code rt start} runs a configuration, beyond the configuration itself.
 *
 * @param development  {@code --dev}: every service runs one worker, {@code restartOnError} delays are honoured
 *                     (production restarts at once) and workers see {@code RT_ENVIRONMENT=development}
 * @param debugger     {@code --inspect} / {@code --inspect-brk}, or {@link Debugger#OFF}
 */
public record RuntimeOptions(boolean development, Debugger debugger) {
    /** Production, no debugger. */
    public static final RuntimeOptions DEFAULTS = new RuntimeOptions(false, Debugger.OFF);

    public RuntimeOptions {
        Objects.requireNonNull(debugger, "debugger");
    }

    public boolean production() {
        return !development;
    }

    /** How many workers {@code service} runs: at most one in development. */
    public int workersOf(ServiceConfig service) {
        return development ? Math.min(1, service.workers()) : service.workers();
    }

    public RuntimeOptions withDevelopment(boolean value) {
        return new RuntimeOptions(value, debugger);
    }

    public RuntimeOptions withDebugger(Debugger value) {
        return new RuntimeOptions(development, value);
    }
}
