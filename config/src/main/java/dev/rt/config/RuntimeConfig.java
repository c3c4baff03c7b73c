package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A loaded, validated runtime configuration with every default applied. Immutable: a reload builds a new one.
 *
 * @param file               the configuration file
 * @param root               its directory ({@code RT_ROOT})
 * @param entrypoint         id of the service exposed on {@link #server()}
 * @param startInListedOrder true when the file lists {@code services} (or an alias): they start in that order;
 *                           false when they all come from {@code autoload}: they start in dependency order
 * @param basePath           the sub-path the runtime is deployed under, stripped from incoming requests
 * @param sections           the settings that belong to the runtime's own servers and helpers
 * @param settings           the whole validated configuration with defaults (what {@code rt ctl config} shows)
 * @param warnings           things to log at start-up (for example {@code strictEnv: "warn"})
 */
public record RuntimeConfig(
        Path file,
        Path root,
        String entrypoint,
        List<ServiceConfig> services,
        ServerConfig server,
        GracefulShutdown gracefulShutdown,
        Duration startTimeout,
        RestartPolicy restartOnError,
        Duration serviceTimeout,
        Duration messagingTimeout,
        boolean exitOnUnhandledErrors,
        boolean watch,
        boolean startInListedOrder,
        Optional<String> basePath,
        RuntimeSections sections,
        JsonNode settings,
        List<String> warnings) {

    public static final long DEFAULT_START_TIMEOUT_MILLIS = 30_000;
    public static final long DEFAULT_SERVICE_TIMEOUT_MILLIS = 300_000;

    public RuntimeConfig {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(entrypoint, "entrypoint");
        Objects.requireNonNull(sections, "sections");
        services = List.copyOf(services);
        warnings = List.copyOf(warnings);
        settings = settings.deepCopy();
        if (services.stream().noneMatch(s -> s.id().equals(entrypoint))) {
            throw new IllegalArgumentException("entrypoint " + entrypoint + " is not a service");
        }
    }

    /** A copy: the configuration is never changed after loading. */
    @Override
    public JsonNode settings() {
        return settings.deepCopy();
    }

    public Optional<ServiceConfig> service(String id) {
        return services.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    public List<String> serviceIds() {
        return services.stream().map(ServiceConfig::id).toList();
    }
}
