package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
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
        transportOptions = Section.object(transportOptions);
        Objects.requireNonNull(formattersPath, "formattersPath");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(redact, "redact");
        base = Section.object(base);
        Objects.requireNonNull(messageKey, "messageKey");
        customLevels = Map.copyOf(customLevels);
    }

    /** Level {@code info}, lines to standard output, message under {@code msg}. */
    public static LoggerConfig defaults() {
        return from(null);
    }

    /** A transport target; {@code level} empty means the logger's level. */
    public record Target(String target, JsonNode options, Optional<String> level) {
        public Target {
            Objects.requireNonNull(target, "target");
            options = Section.object(options);
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

    public static LoggerConfig from(JsonNode logger) {
        JsonNode transport = Section.child(logger, "transport");
        List<Target> targets = new ArrayList<>();
        JsonNode sharedOptions = null;
        if (Section.present(Section.child(transport, "targets"))) {
            Section.child(transport, "targets").forEach(target -> targets.add(new Target(
                    Section.requiredText(target, "target"), Section.child(target, "options"),
                    Section.optionalText(target, "level"))));
            sharedOptions = Section.child(transport, "options");
        } else if (Section.present(Section.child(transport, "target"))) {
            targets.add(new Target(Section.requiredText(transport, "target"), Section.child(transport, "options"),
                    Optional.empty()));
        }
        JsonNode redact = Section.child(logger, "redact");
        JsonNode base = Section.child(logger, "base");
        Map<String, Integer> customLevels = new LinkedHashMap<>();
        Section.child(logger, "customLevels").properties()
                .forEach(entry -> customLevels.put(entry.getKey(), entry.getValue().asInt()));
        return new LoggerConfig(
                Section.text(logger, "level", DEFAULT_LEVEL),
                targets,
                sharedOptions,
                Section.optionalText(Section.child(logger, "formatters"), "path"),
                Section.optionalText(logger, "timestamp").map(Timestamp::of),
                Section.present(redact)
                        ? Optional.of(new Redact(Section.strings(Section.child(redact, "paths")),
                                Section.text(redact, "censor", DEFAULT_CENSOR)))
                        : Optional.empty(),
                Section.flag(logger, "captureStdio", false),
                !(base != null && base.isNull()),
                base,
                Section.text(logger, "messageKey", DEFAULT_MESSAGE_KEY),
                customLevels);
    }
}
