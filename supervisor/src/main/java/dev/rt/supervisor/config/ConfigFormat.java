package dev.rt.supervisor.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** The configuration file formats; the format of a file comes from its extension. */
public enum ConfigFormat {
    JSON(new ObjectMapper(), "json"),
    YAML(new YAMLMapper(), "yml", "yaml"),
    TOML(new TomlMapper(), "tml", "toml");

    /** Base names looked up in a directory when no file is given, in this order. */
    public static final List<String> LOOKUP_ORDER = List.of("rt.json", "rt.yml", "rt.yaml", "rt.tml", "rt.toml");

    private static final Pattern YAML_PLACEHOLDER =
            Pattern.compile("(?m)^(\\s*(?:-\\s+)?(?:[^#\\s\"'{][^:#]*:\\s+)?)(\\{[A-Za-z0-9_]+}[^#\\n]*?)(\\s*(?:#.*)?)$");

    private final ObjectMapper mapper;
    private final List<String> extensions;

    ConfigFormat(ObjectMapper mapper, String... extensions) {
        this.mapper = mapper;
        this.extensions = List.of(extensions);
    }

    public static ConfigFormat of(Path file) {
        String name = file.getFileName().toString();
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(format -> format.extensions.contains(extension))
                .findFirst()
                .orElseThrow(() -> new ConfigException("RT_CONFIG_UNKNOWN_FORMAT", file
                        + ": unknown configuration format \"." + extension
                        + "\"; use one of .json, .yml, .yaml, .tml, .toml"));
    }

    /**
     * YAML reads an unquoted {@code {RT_X}} as a mapping. A value that starts with a placeholder is quoted
     * before parsing, so {@code workers: {RT_WORKERS}} means what it says.
     */
    static String quoteYamlPlaceholders(String text) {
        return YAML_PLACEHOLDER.matcher(text).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + "\""
                + match.group(2).replace("\\", "\\\\").replace("\"", "\\\"") + "\"" + match.group(3)));
    }

    /**
     * The parser's complaint on one line. SnakeYAML's own message spans several lines with an excerpt of the file;
     * its problem and context say the same in one.
     */
    private static String problem(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblem() != null) {
            Mark mark = yaml.getContextMark();
            return yaml.getProblem() + (yaml.getContext() == null ? "" : " (" + yaml.getContext()
                    + (mark == null ? "" : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1)) + ")");
        }
        return String.join(" ", String.valueOf(e.getOriginalMessage()).strip().split("\\s*\\R\\s*"));
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    /** Parses a whole file into a tree; parse errors name the file, line and column. */
    public JsonNode read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException("RT_CONFIG_NOT_FOUND", file + ": no such configuration file");
        } catch (IOException e) {
            throw new ConfigException("RT_CONFIG_UNREADABLE", file + ": cannot read the configuration file ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        try {
            JsonNode tree = this == YAML ? mapper.readTree(quoteYamlPlaceholders(new String(bytes, StandardCharsets.UTF_8)))
                    : mapper.readTree(bytes);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new ConfigException("RT_CONFIG_INVALID", file + ": the configuration file is empty");
            }
            if (!tree.isObject()) {
                throw new ConfigException("RT_CONFIG_INVALID", file + ": expected an object at the top level, found "
                        + tree.getNodeType().name().toLowerCase(Locale.ROOT));
            }
            return tree;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr();
            throw new ConfigException("RT_CONFIG_PARSE_ERROR", file + where + ": cannot parse " + name()
                    + ": " + problem(e));
        } catch (IOException e) {
            throw new ConfigException("RT_CONFIG_UNREADABLE", file + ": cannot read the configuration file ("
                    + e.getMessage() + ")");
        }
    }
}
