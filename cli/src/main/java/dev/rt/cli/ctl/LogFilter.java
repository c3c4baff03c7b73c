package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Which log lines {@code rt logs} prints and how: lines below {@code level} and, with a service, lines of other
 * services (and the runtime's own, which have no {@code name}) are dropped; the rest are printed as they came,
 * or pretty ({@code HH:mm:ss.SSS (pid) name:worker LEVEL: msg}).
 */
final class LogFilter {
    static final Map<String, Integer> LEVELS = Map.of("trace", 10, "debug", 20, "info", 30, "warn", 40, "error", 50,
            "fatal", 60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final int minimum;
    private final Optional<String> service;
    private final boolean pretty;

    LogFilter(String level, Optional<String> service, boolean pretty) {
        Integer number = LEVELS.get(level.toLowerCase(Locale.ROOT));
        if (number == null) {
            throw new IllegalArgumentException("unknown level \"" + level + "\"; expected one of trace, debug, info, warn, error, fatal");
        }
        this.minimum = number;
        this.service = service;
        this.pretty = pretty;
    }

    /** The text to print for one JSON line, or empty to drop it. Lines that are not JSON pass unchanged. */
    Optional<String> apply(String line) {
        if (line.isBlank()) {
            return Optional.empty();
        }
        JsonNode entry;
        try {
            entry = JSON.readTree(line);
        } catch (IOException notJson) {
            return Optional.of(line);
        }
        if (entry.path("level").asInt(30) < minimum) {
            return Optional.empty();
        }
        if (service.isPresent() && !service.get().equals(entry.path("name").asText(null))) {
            return Optional.empty();
        }
        return Optional.of(pretty ? pretty(entry) : line);
    }

    private static String pretty(JsonNode entry) {
        String source = entry.has("name") ? entry.path("name").asText() + ":" + entry.path("worker").asText() : "rt";
        String level = LEVELS.entrySet().stream().filter(e -> e.getValue() == entry.path("level").asInt())
                .map(e -> e.getKey().toUpperCase(Locale.ROOT)).findFirst().orElse("LEVEL" + entry.path("level").asInt());
        return CLOCK.format(Instant.ofEpochMilli(entry.path("time").asLong())) + " (" + entry.path("pid").asText() + ") "
                + source + " " + level + ": " + entry.path("msg").asText();
    }
}
