package dev.rt.kind.gateway;

import dev.rt.kind.KindLog;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The gateway's own entries (documents fetched or missing, tables republished) at its {@code server.logger.level}:
 * those below it are left out, as the service kind leaves out a worker's; without the setting, the runtime's
 * logger decides alone. Levels are the reference's names: trace, debug, info, warn, error, fatal, silent.
 */
final class GatewayLog implements KindLog {
    private static final Map<String, Integer> LEVELS = Map.of("trace", 10, "debug", 20, "info", 30, "warn", 40,
            "error", 50, "fatal", 60, "silent", Integer.MAX_VALUE);
    private static final int DEBUG = 20;
    private static final int INFO = 30;
    private static final int WARN = 40;
    private static final int ERROR = 50;

    private final KindLog log;
    private final int threshold;

    private GatewayLog(KindLog log, int threshold) {
        this.log = log;
        this.threshold = threshold;
    }

    /** {@code log} as it is without a level, or filtered at {@code level} (an unknown name filters nothing). */
    static KindLog of(KindLog log, Optional<String> level) {
        return level.map(name -> LEVELS.getOrDefault(name.toLowerCase(Locale.ROOT), 0))
                .<KindLog>map(threshold -> new GatewayLog(log, threshold)).orElse(log);
    }

    @Override
    public void debug(String message) {
        if (threshold <= DEBUG) {
            log.debug(message);
        }
    }

    @Override
    public void info(String message) {
        if (threshold <= INFO) {
            log.info(message);
        }
    }

    @Override
    public void warn(String message) {
        if (threshold <= WARN) {
            log.warn(message);
        }
    }

    @Override
    public void error(String message) {
        if (threshold <= ERROR) {
            log.error(message);
        }
    }

    @Override
    public void error(String message, Throwable cause) {
        if (threshold <= ERROR) {
            log.error(message, cause);
        }
    }
}
