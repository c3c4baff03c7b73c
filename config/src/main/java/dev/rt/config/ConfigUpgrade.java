package dev.rt.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.read.ConfigFormat;
import dev.rt.config.read.ConfigNode;
import dev.rt.config.schema.SchemaUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rt upgrade}: rewrites a configuration file's {@code $schema} to the current version, in the file's own
 * format, changing nothing else (comments, order and layout stay: the edit is made on the text). A file without
 * {@code $schema} gets one as its first entry.
 */
public final class ConfigUpgrade {
    private static final Pattern JSON_SCHEMA = Pattern.compile("(\"\\$schema\"\\s*:\\s*)\"[^\"]*\"");
    private static final Pattern YAML_SCHEMA = Pattern.compile("(?m)^([\"']?\\$schema[\"']?\\s*:\\s*).*$");
    private static final Pattern TOML_SCHEMA = Pattern.compile("(?m)^(\\s*[\"']\\$schema[\"']\\s*=\\s*).*$");

    private ConfigUpgrade() {
    }

    /** Upgrades {@code file} in place; returns the new {@code $schema} URL, or empty when it was already current. */
    public static Optional<String> upgrade(Path file) {
        ConfigFormat format = ConfigFormat.of(file);
        JsonNode tree = format.read(file);
        Optional<SchemaUrl> current = ConfigPipeline.schemaUrl(ConfigNode.root(file, tree));
        ConfigKind kind = current.map(SchemaUrl::kind).orElseGet(() -> kindOf(tree));
        String url = SchemaUrl.current(kind).url();
        if (current.isPresent() && current.get().url().equals(url)) {
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ConfigException(ErrorCode.CONFIG_UNREADABLE, file + ": cannot read: " + e.getMessage());
        }
        String upgraded = switch (format) {
            case JSON -> replaceOrInsert(text, JSON_SCHEMA, "\"" + url + "\"", () -> text.replaceFirst("\\{",
                    Matcher.quoteReplacement("{\n  \"$schema\": \"" + url + "\",")));
            case YAML -> replaceOrInsert(text, YAML_SCHEMA, "\"" + url + "\"", () -> "$schema: \"" + url + "\"\n" + text);
            case TOML -> replaceOrInsert(text, TOML_SCHEMA, "\"" + url + "\"", () -> "\"$schema\" = \"" + url + "\"\n" + text);
        };
        try {
            Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".rt-upgrade", ".tmp");
            Files.writeString(temporary, upgraded);
            Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ConfigException(ErrorCode.CONFIG_UNWRITABLE, file + ": cannot write the upgraded file: " + e.getMessage());
        }
        return Optional.of(url);
    }

    private static String replaceOrInsert(String text, Pattern pattern, String value, java.util.function.Supplier<String> insert) {
        Matcher matcher = pattern.matcher(text);
        if (matcher.find()) {
            return text.substring(0, matcher.start()) + matcher.group(1) + value + text.substring(matcher.end());
        }
        return insert.get();
    }

    private static ConfigKind kindOf(JsonNode tree) {
        return ConfigKind.values().stream()
                .filter(k -> k.isApplication() && tree.has(k.key()))
                .findFirst().orElse(ConfigKind.RUNTIME);
    }
}
