package dev.rt.cli.create;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.read.ConfigFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a service the entrypoint of the runtime configured in a directory, as {@code rt gateway create} does for a
 * new gateway: the one {@code entrypoint} value is replaced in the file's text, so its comments and layout stay.
 */
public final class RuntimeEntrypoint {
    private static final Pattern JSON = Pattern.compile("(\"entrypoint\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern YAML = Pattern.compile("(?m)^(entrypoint\\s*:[ \\t]*)[^#\\r\\n]*?([ \\t]*(?:#.*)?)$");
    private static final Pattern TOML = Pattern.compile("(?m)^(entrypoint\\s*=[ \\t]*)[^#\\r\\n]*?([ \\t]*(?:#.*)?)$");

    private RuntimeEntrypoint() {
    }

    /**
     * Sets the entrypoint of the runtime configuration in {@code directory} to {@code id}.
     *
     * @return the file changed, or empty when its configuration names no entrypoint to replace
     */
    public static Optional<Path> set(Path directory, String id) {
        for (String name : ConfigFiles.LOOKUP_ORDER) {
            Path file = directory.resolve(name);
            if (Files.isRegularFile(file)) {
                return replace(file, id);
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> replace(Path file, String id) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            Matcher matcher;
            String value;
            if (name.endsWith(".yaml") || name.endsWith(".yml")) {
                matcher = YAML.matcher(text);
                value = "$1" + id + "$2";
            } else if (name.endsWith(".toml") || name.endsWith(".tml")) {
                matcher = TOML.matcher(text);
                value = "$1\"" + id + "\"$2";
            } else {
                matcher = JSON.matcher(text);
                value = "$1\"" + id + "\"";
            }
            if (!matcher.find()) {
                return Optional.empty();
            }
            Files.writeString(file, matcher.replaceFirst(value), StandardCharsets.UTF_8);
            return Optional.of(file);
        } catch (IOException e) {
            throw new RtException(ErrorCode.CONFIG_UNWRITABLE, file + ": cannot set the entrypoint: " + e.getMessage(), e);
        }
    }
}
