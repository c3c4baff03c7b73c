package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
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

    public static ManagementApiConfig from(JsonNode managementApi) {
        if (!Section.present(managementApi)) {
            return DISABLED;
        }
        if (!managementApi.isObject()) {
            return Section.flag(managementApi, false) ? DEFAULTS : DISABLED;
        }
        int maxSizeMb = Section.integer(Section.child(managementApi, "logs"), "maxSize", DEFAULT_LOGS_MAX_SIZE_MB);
        return new ManagementApiConfig(true, megabytes(maxSizeMb),
                Section.optionalText(managementApi, "socket").map(Path::of));
    }

    private static long megabytes(long megabytes) {
        return megabytes << 20;
    }
}
