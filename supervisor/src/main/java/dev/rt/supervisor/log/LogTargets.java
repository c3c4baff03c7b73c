package dev.rt.supervisor.log;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.LoggerConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds the targets of {@code logger.transport}. Built-in targets:
 * <ul>
 * <li>{@code stdout}: JSON lines on standard output;</li>
 * <li>{@code pino/file}: JSON lines to {@code destination}: 1 (standard output, the default), 2 (standard
 *     error) or a file path (relative to the configuration's directory; {@code mkdir: true} creates its
 *     directory; lines are appended, or the file is emptied first with {@code append: false});</li>
 * <li>{@code pino-roll} (or {@code rolling-file}): JSON lines to {@code file}, rotated at {@code size} bytes
 *     (a number, or a string such as {@code "10m"}, {@code "512k"}, {@code "1g"}; default 10m), keeping
 *     {@code limit.count} rotated files (default 10) named {@code file.1} (newest) to {@code file.N};</li>
 * <li>{@code pino-pretty} (or {@code pretty}): human-readable lines to {@code destination} (as above),
 *     coloured unless {@code colorize: false}.</li>
 * </ul>
 * Without a transport, lines go to standard output: pretty when asked for, JSON otherwise.
 */
final class LogTargets {
    static final List<String> BUILT_IN = List.of("stdout", "pino/file", "pino-roll", "rolling-file", "pino-pretty", "pretty");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmg]?)b?");

    private final LevelScale levels;
    private final Path configDir;
    private final PrintStream stdout;
    private final int width;

    LogTargets(LevelScale levels, Path configDir, PrintStream stdout, int width) {
        this.levels = levels;
        this.configDir = configDir;
        this.stdout = stdout;
        this.width = width;
    }

    List<LogTarget> build(LoggerConfig config, int threshold, boolean pretty) {
        if (config.transportTargets().isEmpty()) {
            return List.of(pretty ? new PrettyTarget(stdout, threshold, true, levels, width, false)
                    : new JsonLinesTarget(stdout, threshold, false));
        }
        boolean single = config.transportTargets().size() == 1 && config.transportTargets().get(0).level().isEmpty()
                && config.transportOptions().isEmpty();
        List<LogTarget> targets = new ArrayList<>();
        for (int i = 0; i < config.transportTargets().size(); i++) {
            LoggerConfig.Target target = config.transportTargets().get(i);
            String pointer = single ? "/logger/transport" : "/logger/transport/targets/" + i;
            ObjectNode options = (ObjectNode) config.transportOptions();
            options.setAll((ObjectNode) target.options());
            int level = target.level().map(name -> levels.threshold(name, pointer + "/level")).orElse(threshold);
            targets.add(target(target.target(), options, Math.max(level, threshold), pointer));
        }
        return List.copyOf(targets);
    }

    private LogTarget target(String name, JsonNode options, int threshold, String pointer) {
        try {
            return switch (name) {
                case "stdout" -> new JsonLinesTarget(stdout, threshold, false);
                case "pino/file" -> new JsonLinesTarget(destination(options, pointer), threshold, ownsStream(options));
                case "pino-roll", "rolling-file" -> new RollingFileTarget(file(options, pointer),
                        size(options.get("size"), pointer), limit(options, pointer), threshold);
                case "pino-pretty", "pretty" -> new PrettyTarget(destination(options, pointer), threshold,
                        options.path("colorize").asBoolean(true), levels, width, ownsStream(options));
                default -> throw new ConfigException(ErrorCode.CONFIG_INVALID, pointer + "/target: unknown log target \"" + name
                        + "\"; rt's built-in targets are " + String.join(", ", BUILT_IN)
                        + " (rt cannot load Node.js transports)");
            };
        } catch (IOException e) {
            throw new ConfigException(ErrorCode.CONFIG_INVALID, pointer + "/options: cannot open the log file: " + e, e);
        }
    }

    private static boolean ownsStream(JsonNode options) {
        JsonNode destination = options.path("destination");
        return destination.isTextual() && !destination.asText().equals("1") && !destination.asText().equals("2");
    }

    private OutputStream destination(JsonNode options, String pointer) throws IOException {
        JsonNode destination = options.path("destination");
        String value = destination.isMissingNode() || destination.isNull() ? "1" : destination.asText();
        if (value.equals("1")) {
            return stdout;
        }
        if (value.equals("2")) {
            return System.err;
        }
        Path path = prepare(configDir.resolve(value), options);
        return options.path("append").asBoolean(true)
                ? Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
                : Files.newOutputStream(path);
    }

    private Path file(JsonNode options, String pointer) throws IOException {
        JsonNode file = options.path("file");
        if (!file.isTextual() || file.asText().isBlank()) {
            throw new ConfigException(ErrorCode.CONFIG_INVALID, pointer + "/options/file: the rolling file target needs "
                    + "the path of its file, found " + (file.isMissingNode() ? "nothing" : file.toString()));
        }
        return prepare(configDir.resolve(file.asText()), options);
    }

    private static Path prepare(Path path, JsonNode options) throws IOException {
        if (options.path("mkdir").asBoolean(false) && path.toAbsolutePath().getParent() != null) {
            Files.createDirectories(path.toAbsolutePath().getParent());
        }
        return path;
    }

    static long size(JsonNode size, String pointer) {
        if (size == null || size.isNull()) {
            return 10L << 20;
        }
        if (size.canConvertToLong() && size.asLong() > 0) {
            return size.asLong();
        }
        Matcher matcher = SIZE.matcher(size.asText().strip().toLowerCase(Locale.ROOT));
        if (size.isTextual() && matcher.matches() && Long.parseLong(matcher.group(1)) > 0) {
            int shift = switch (matcher.group(2)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                default -> 0;
            };
            return Long.parseLong(matcher.group(1)) << shift;
        }
        throw new ConfigException(ErrorCode.CONFIG_INVALID, pointer + "/options/size: expected a positive number of bytes "
                + "or a string such as \"10m\", \"512k\", \"1g\", found " + size);
    }

    private static int limit(JsonNode options, String pointer) {
        JsonNode count = options.path("limit").path("count");
        if (count.isMissingNode()) {
            return 10;
        }
        if (!count.canConvertToInt() || count.asInt() < 0) {
            throw new ConfigException(ErrorCode.CONFIG_INVALID, pointer + "/options/limit/count: expected how many rotated "
                    + "files to keep (0 or more), found " + count);
        }
        return count.asInt();
    }
}
