package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code managementApi}: the management API on a local socket. Absent or {@code false}: it does not start;
 * {@code true}: defaults; an object: enabled with its settings.
 *
 * @param logsMaxSizeBytes bound of the stored logs ({@code logs.maxSize}, given in megabytes, at least 5)
 * @param socket           a custom socket path instead of {@code <tmpdir>/rt/pids/<PID>}
 */
public record ManagementApiConfig(boolean enabled, long logsMaxSizeBytes, Optional<Path> socket) {
    public static final int DEFAULT_LOGS_MAX_SIZE_MB = 200;
    public static final int MIN_LOGS_MAX_SIZE_MB = 5;

    public static final ManagementApiConfig DISABLED = new ManagementApiConfig(false, megabytes(DEFAULT_LOGS_MAX_SIZE_MB), Optional.empty());
    public static final ManagementApiConfig DEFAULTS = new ManagementApiConfig(true, megabytes(DEFAULT_LOGS_MAX_SIZE_MB), Optional.empty());

    public ManagementApiConfig {
        Objects.requireNonNull(socket, "socket");
        if (logsMaxSizeBytes < megabytes(MIN_LOGS_MAX_SIZE_MB)) {
            throw new IllegalArgumentException("managementApi logs.maxSize must be at least " + MIN_LOGS_MAX_SIZE_MB + " MB");
        }
    }

    static ManagementApiConfig from(ConfigNode managementApi) {
        if (managementApi.isMissing()) {
            return DISABLED;
        }
        if (!managementApi.json().isObject()) {
            return managementApi.bool(false) ? DEFAULTS : DISABLED;
        }
        long maxSizeMb = managementApi.get("logs").get("maxSize")
                .integer(DEFAULT_LOGS_MAX_SIZE_MB, MIN_LOGS_MAX_SIZE_MB, Integer.MAX_VALUE);
        return new ManagementApiConfig(true, megabytes(maxSizeMb), managementApi.get("socket").optionalString().map(Path::of));
    }

    private static long megabytes(long megabytes) {
        return megabytes << 20;
    }
}
