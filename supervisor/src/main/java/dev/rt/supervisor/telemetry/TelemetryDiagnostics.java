package dev.rt.supervisor.telemetry;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The OpenTelemetry SDK reports its own troubles through {@code java.util.logging}, which would print them raw on
 * the supervisor's stderr, once per failed export. rt reports export failures itself ({@link ExportFailures}), so
 * the SDK's own messages are silenced.
 */
final class TelemetryDiagnostics {
    // java.util.logging holds its loggers weakly: a setting on a logger nobody references is forgotten
    private static final Logger OPENTELEMETRY = Logger.getLogger("io.opentelemetry");

    private TelemetryDiagnostics() {
    }

    static void silence() {
        OPENTELEMETRY.setLevel(Level.OFF);
    }
}
