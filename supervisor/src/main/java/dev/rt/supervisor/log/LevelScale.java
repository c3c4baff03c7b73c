package dev.rt.supervisor.log;

import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.LoggerConfig;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Level names and their numbers: trace 10, debug 20, info 30, warn 40, error 50, fatal 60, plus
 * {@code logger.customLevels}; {@code silent} is above every level, so nothing passes it.
 */
public final class LevelScale {
    /** The threshold of {@code silent}: no line reaches it. */
    public static final int SILENT = Integer.MAX_VALUE;

    private final Map<String, Integer> numbers;
    private final Map<Integer, String> names = new LinkedHashMap<>();

    private LevelScale(Map<String, Integer> custom) {
        Map<String, Integer> all = new LinkedHashMap<>();
        for (Level level : Level.values()) {
            all.put(level.name().toLowerCase(Locale.ROOT), level.number());
        }
        all.putAll(custom);
        this.numbers = java.util.Collections.unmodifiableMap(all);
        all.forEach((name, number) -> names.putIfAbsent(number, name));
    }

    /** The six standard levels only. */
    static LevelScale standard() {
        return new LevelScale(Map.of());
    }

    static LevelScale of(LoggerConfig config) {
        return new LevelScale(config.customLevels());
    }

    /** The number of a level name; {@code silent} is {@link #SILENT}. */
    OptionalInt number(String name) {
        if ("silent".equals(name)) {
            return OptionalInt.of(SILENT);
        }
        Integer number = numbers.get(name);
        return number == null ? OptionalInt.empty() : OptionalInt.of(number);
    }

    /** Like {@link #number(String)}, but an unknown name is a configuration error at {@code pointer}. */
    int threshold(String name, String pointer) {
        return number(name).orElseThrow(() -> new ConfigException(ErrorCode.CONFIG_INVALID, pointer + ": unknown log level \""
                + name + "\"; expected silent, one of " + String.join(", ", numbers.keySet())
                + " (/logger/customLevels adds names)"));
    }

    /** The name of a level number: its own name, or the name of the highest level below it. */
    String name(int number) {
        String exact = names.get(number);
        if (exact != null) {
            return exact;
        }
        Optional<Map.Entry<String, Integer>> below = numbers.entrySet().stream()
                .filter(entry -> entry.getValue() <= number)
                .max(Map.Entry.comparingByValue());
        return below.map(Map.Entry::getKey).orElse("trace");
    }
}
