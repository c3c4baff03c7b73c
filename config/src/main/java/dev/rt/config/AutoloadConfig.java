package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.read.ConfigNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * {@code autoload}: every child directory of {@code path}, except those named in {@code exclude}, becomes
 * a service whose id is the directory name unless {@code mappings} gives another (and other settings).
 *
 * @param path     the directory holding the services, relative to the configuration file
 * @param mappings overrides keyed by directory name
 */
public record AutoloadConfig(String path, List<String> exclude, Map<String, Mapping> mappings) {
    public AutoloadConfig {
        Objects.requireNonNull(path, "path");
        exclude = List.copyOf(exclude);
        mappings = Map.copyOf(mappings);
    }

    /**
     * Overrides for one directory: its service id and service settings with the same meaning as in
     * {@code services}. Empty values are not set.
     *
     * @param health per-service health overrides, as written (an empty object when not given)
     */
    public record Mapping(
            String id,
            Optional<String> config,
            Optional<Boolean> useHttp,
            OptionalInt workers,
            JsonNode health,
            List<String> preload,
            List<String> arguments,
            Optional<String> nodeOptions) {

        public Mapping {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(useHttp, "useHttp");
            Objects.requireNonNull(workers, "workers");
            health = Objects.requireNonNull(health, "health").deepCopy();
            preload = List.copyOf(preload);
            arguments = List.copyOf(arguments);
            Objects.requireNonNull(nodeOptions, "nodeOptions");
        }

        /** A copy: the overrides cannot be changed through it. */
        @Override
        public JsonNode health() {
            return health.deepCopy();
        }

        static Mapping from(ConfigNode mapping) {
            OptionalLong workers = mapping.get("workers").optionalInteger(1, Integer.MAX_VALUE);
            return new Mapping(
                    mapping.get("id").string(),
                    mapping.get("config").optionalString(),
                    mapping.has("useHttp") ? Optional.of(mapping.get("useHttp").bool(false)) : Optional.empty(),
                    workers.isPresent() ? OptionalInt.of((int) workers.getAsLong()) : OptionalInt.empty(),
                    mapping.get("health").object(),
                    mapping.get("preload").strings(),
                    mapping.get("arguments").strings(),
                    mapping.get("nodeOptions").optionalString());
        }
    }

    /** The {@code autoload} object, or empty when it is absent. */
    static Optional<AutoloadConfig> from(ConfigNode autoload) {
        if (autoload.isMissing()) {
            return Optional.empty();
        }
        Map<String, Mapping> mappings = new LinkedHashMap<>();
        autoload.get("mappings").properties().forEach((name, mapping) -> mappings.put(name, Mapping.from(mapping)));
        return Optional.of(new AutoloadConfig(autoload.get("path").string(), autoload.get("exclude").strings(), mappings));
    }

    /** Whether child directory {@code directoryName} of {@link #path()} is skipped. */
    public boolean excludes(String directoryName) {
        return exclude.contains(directoryName);
    }

    /**
     * The {@code services} entry that child directory {@code directoryName} of {@link #path()} becomes:
     * {@code id} and {@code path}, plus the mapping's settings.
     */
    public ObjectNode serviceEntry(String directoryName) {
        Mapping mapping = mappings.get(directoryName);
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("id", mapping == null ? directoryName : mapping.id());
        entry.put("path", Path.of(path).resolve(directoryName).toString());
        if (mapping == null) {
            return entry;
        }
        mapping.config().ifPresent(config -> entry.put("config", config));
        mapping.useHttp().ifPresent(useHttp -> entry.put("useHttp", useHttp));
        mapping.workers().ifPresent(workers -> entry.put("workers", workers));
        if (!mapping.health().isEmpty()) {
            entry.set("health", mapping.health());
        }
        if (!mapping.preload().isEmpty()) {
            ArrayNode preload = entry.putArray("preload");
            mapping.preload().forEach(preload::add);
        }
        if (!mapping.arguments().isEmpty()) {
            ArrayNode arguments = entry.putArray("arguments");
            mapping.arguments().forEach(arguments::add);
        }
        mapping.nodeOptions().ifPresent(options -> entry.put("nodeOptions", options));
        return entry;
    }
}
