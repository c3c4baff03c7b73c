package dev.rt.agent;

import dev.rt.protocol.Protocol;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes java.util.logging log at the runtime's level ({@code RT_LOG_LEVEL}, set by the supervisor from
 * {@code logger.level}): trace FINEST, debug FINE, info INFO, warn WARNING, error and fatal SEVERE, silent
 * OFF. The root logger and its handlers get the level, so an application's own loggers inherit it. A custom
 * level arrives as {@code name:number} and maps by its number (pino numbers: 10 trace ... 60 fatal).
 */
final class JulLevel {
    private JulLevel() {
    }

    static void apply(Map<String, String> env) {
        String value = env.get(Protocol.ENV_LOG_LEVEL);
        if (value == null || value.isBlank()) {
            return;
        }
        Level level = of(value.strip());
        Logger root = Logger.getLogger("");
        root.setLevel(level);
        for (Handler handler : root.getHandlers()) {
            handler.setLevel(level);
        }
    }

    static Level of(String value) {
        switch (value) {
            case "silent":
                return Level.OFF;
            case "trace":
                return Level.FINEST;
            case "debug":
                return Level.FINE;
            case "info":
                return Level.INFO;
            case "warn":
                return Level.WARNING;
            case "error":
            case "fatal":
                return Level.SEVERE;
            default:
                int colon = value.lastIndexOf(':');
                try {
                    return byNumber(Integer.parseInt(value.substring(colon + 1)));
                } catch (NumberFormatException e) {
                    return Level.INFO;
                }
        }
    }

    private static Level byNumber(int number) {
        if (number >= 50) {
            return Level.SEVERE;
        }
        if (number >= 40) {
            return Level.WARNING;
        }
        if (number >= 30) {
            return Level.INFO;
        }
        return number >= 20 ? Level.FINE : Level.FINEST;
    }
}
