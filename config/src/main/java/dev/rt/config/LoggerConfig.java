package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.rt.config.read.ConfigNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code logger}: level, where lines go and what they carry.
 *
 * @param transportTargets  where lines go: one target for {@code transport: {target, options}}, every
 *                          target for {@code transport: {targets: [...]}}; empty for standard output
 * @param transportOptions  options shared by every target ({@code transport.options} beside {@code targets})
 * @param formattersPath    file exporting the bindings and level formatters ({@code formatters.path})
 * @param pidAndHostname    false when {@code base} is null: lines then carry no pid and hostname
 * @param base              properties added to every line ({@code base} object); empty when none
 * @param customLevels      custom level names to their numeric values
 */
public record LoggerConfig(
        String level,
        List<Target> transportTargets,
        JsonNode transportOptions,
        Optional<String> formattersPath,
        Optional<Timestamp> timestamp,
        Optional<Redact> redact,
        boolean captureStdio,
        boolean pidAndHostname,
        JsonNode base,
        String messageKey,
        Map<String, Integer> customLevels) {

    public static final String DEFAULT_LEVEL = "info";
    public static final String DEFAULT_MESSAGE_KEY = "msg";
    public static final String DEFAULT_CENSOR = "[redacted]";

    public LoggerConfig {
        Objects.requireNonNull(level, "level");
        transportTargets = List.copyOf(transportTargets);
        transportOptions = Objects.requireNonNull(transportOptions, "transportOptions").deepCopy();
        Objects.requireNonNull(formattersPath, "formattersPath");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(redact, "redact");
        base = Objects.requireNonNull(base, "base").deepCopy();
        Objects.requireNonNull(messageKey, "messageKey");
        customLevels = Map.copyOf(customLevels);
    }

    /** Level {@code info}, lines to standard output, message under {@code msg}. */
    public static LoggerConfig defaults() {
        return from(ConfigNode.section("logger", null));
    }

    /** A transport target; {@code level} empty means the logger's level. */
    public record Target(String target, JsonNode options, Optional<String> level) {
        public Target {
            Objects.requireNonNull(target, "target");
            options = Objects.requireNonNull(options, "options").deepCopy();
            Objects.requireNonNull(level, "level");
        }

        /** A copy: the options cannot be changed through it. */
        @Override
        public JsonNode options() {
            return options.deepCopy();
        }
    }

    /** Values of {@code timestamp}. */
    public enum Timestamp {
        EPOCH_TIME("epochTime"), UNIX_TIME("unixTime"), NULL_TIME("nullTime"), ISO_TIME("isoTime");

        private final String configName;

        Timestamp(String configName) {
            this.configName = configName;
        }

        public String configName() {
            return configName;
        }

        static Timestamp of(String configName) {
            for (Timestamp timestamp : values()) {
                if (timestamp.configName.equals(configName)) {
                    return timestamp;
                }
            }
            throw new IllegalArgumentException("unknown logger timestamp: " + configName);
        }
    }

    /** {@code redact}: values at {@code paths} are replaced by {@code censor}. */
    public record Redact(List<String> paths, String censor) {
        public Redact {
            paths = List.copyOf(paths);
            Objects.requireNonNull(censor, "censor");
        }
    }

    /** A copy: the options cannot be changed through it. */
    @Override
    public JsonNode transportOptions() {
        return transportOptions.deepCopy();
    }

    /** A copy: the properties cannot be changed through it. */
    @Override
    public JsonNode base() {
        return base.deepCopy();
    }

    /** A {@code logger} section given on its own; errors name {@code /logger/...}. */
    public static LoggerConfig from(JsonNode logger) {
        return from(ConfigNode.section("logger", logger));
    }

    static LoggerConfig from(ConfigNode logger) {
        ConfigNode transport = logger.get("transport");
        List<Target> targets = new ArrayList<>();
        JsonNode sharedOptions = JsonNodeFactory.instance.objectNode();
        if (transport.has("targets")) {
            for (ConfigNode target : transport.get("targets").elements()) {
                targets.add(new Target(target.get("target").string(), target.get("options").object(),
                        target.get("level").optionalString()));
            }
            sharedOptions = transport.get("options").object();
        } else if (transport.has("target")) {
            targets.add(new Target(transport.get("target").string(), transport.get("options").object(), Optional.empty()));
        }
        ConfigNode redact = logger.get("redact");
        Map<String, Integer> customLevels = new LinkedHashMap<>();
        logger.get("customLevels").properties()
                .forEach((name, value) -> customLevels.put(name, (int) value.integer(0, 0, Integer.MAX_VALUE)));
        return new LoggerConfig(
                logger.get("level").string(DEFAULT_LEVEL),
                targets,
                sharedOptions,
                logger.get("formatters").get("path").optionalString(),
                logger.get("timestamp").optionalString().map(Timestamp::of),
                redact.isMissing() ? Optional.empty()
                        : Optional.of(new Redact(redact.get("paths").strings(), redact.get("censor").string(DEFAULT_CENSOR))),
                logger.get("captureStdio").bool(false),
                !logger.get("base").json().isNull(),
                logger.get("base").object(),
                logger.get("messageKey").string(DEFAULT_MESSAGE_KEY),
                customLevels);
    }
}
