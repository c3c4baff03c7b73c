package dev.rt.config.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlFactory;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** The configuration file formats; the format of a file comes from its extension. */
public enum ConfigFormat {
    JSON(() -> new ObjectMapper(JsonFactory.builder().streamReadConstraints(limits())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build()), "json"),
    YAML(() -> new YAMLMapper(YAMLFactory.builder().streamReadConstraints(limits())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build()), "yml", "yaml"),
    // TOML refuses a duplicate key by itself (the TOML specification forbids them)
    TOML(() -> new TomlMapper(TomlFactory.builder().streamReadConstraints(limits()).build()), "tml", "toml");

    /** Far deeper than any configuration; refusing deeper input keeps a hostile file from exhausting the stack. */
    public static final int MAX_NESTING_DEPTH = 100;
    /**
     * Far larger than any configuration (50 services take 10 KiB); bounds the parsers' time, since SnakeYAML's time
     * grows with the square of a scalar's length (a 1 MiB quoted key takes seconds).
     */
    public static final int MAX_BYTES = 256 << 10;

    /** Base names looked up in a directory when no file is given, in this order. */
    public static final List<String> LOOKUP_ORDER = List.of("rt.json", "rt.yml", "rt.yaml", "rt.tml", "rt.toml");

    /** Jackson's message when {@link StreamReadFeature#STRICT_DUPLICATE_DETECTION} finds a key twice. */
    private static final Pattern DUPLICATE_KEY = Pattern.compile("Duplicate field '(.*)'", Pattern.DOTALL);

    private static final Pattern YAML_PLACEHOLDER =
            Pattern.compile("(?m)^(\\s*(?:-\\s+)?(?:[^#\\s\"'{][^:#]*:\\s+)?)(\\{[A-Za-z0-9_]+}[^#\\n]*?)(\\s*(?:#.*)?)$");

    /** Made on first use: a JSON configuration does not pay for starting the YAML and TOML parsers. */
    private final Supplier<ObjectMapper> newMapper;
    private volatile ObjectMapper mapper;
    private final List<String> extensions;

    ConfigFormat(Supplier<ObjectMapper> newMapper, String... extensions) {
        this.newMapper = newMapper;
        this.extensions = List.of(extensions);
    }

    private static StreamReadConstraints limits() {
        return StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build();
    }

    public static ConfigFormat of(Path file) {
        String name = file.getFileName().toString();
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(format -> format.extensions.contains(extension))
                .findFirst()
                .orElseThrow(() -> new ConfigException(ErrorCode.CONFIG_UNKNOWN_FORMAT, file
                        + ": unknown configuration format \"." + extension
                        + "\"; use one of .json, .yml, .yaml, .tml, .toml"));
    }

    /**
     * YAML reads an unquoted {@code {RT_X}} as a mapping. A value that starts with a placeholder is quoted
     * before parsing, so {@code workers: {RT_WORKERS}} means what it says.
     */
    public static String quoteYamlPlaceholders(String text) {
        return YAML_PLACEHOLDER.matcher(text).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + "\""
                + match.group(2).replace("\\", "\\\\").replace("\"", "\\\"") + "\"" + match.group(3)));
    }

    /**
     * The parser's complaint on one line. SnakeYAML's own message spans several lines with an excerpt of the file;
     * its problem and context say the same in one.
     */
    private static String problem(IOException e) {
        if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblem() != null) {
            Mark mark = yaml.getContextMark();
            // the problem quotes the character at fault as it is, a line break too ("found \n(10)")
            return oneLine(yaml.getProblem() + (yaml.getContext() == null ? "" : " (" + yaml.getContext()
                    + (mark == null ? "" : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1)) + ")"));
        }
        String message = e instanceof JsonProcessingException processing ? processing.getOriginalMessage() : e.getMessage();
        // Jackson names its own setting in limit errors ("..., from `StreamReadConstraints.getMaxNestingDepth()`)"),
        // and describes a location inside a message as "[Source: REDACTED (...); line: 2, column: 15]"
        String plain = String.valueOf(message).replaceAll(", from `[^`]*`", "")
                .replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)]", "line $1, column $2");
        return oneLine(plain);
    }

    private static String oneLine(String text) {
        return String.join(" ", text.strip().split("\\s*\\R\\s*"));
    }

    public ObjectMapper mapper() {
        ObjectMapper made = mapper;
        if (made == null) {
            synchronized (this) {
                if (mapper == null) {
                    mapper = newMapper.get();
                }
                made = mapper;
            }
        }
        return made;
    }

    /** Parses a whole file into a tree; parse errors name the file, line and column. */
    public JsonNode read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(ErrorCode.CONFIG_NOT_FOUND, file + ": no such configuration file");
        } catch (IOException e) {
            throw new ConfigException(ErrorCode.CONFIG_UNREADABLE, file + ": cannot read the configuration file ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        if (bytes.length > MAX_BYTES) {
            throw new ConfigException(ErrorCode.CONFIG_TOO_LARGE, file + ": the configuration file has " + bytes.length
                    + " bytes; rt reads configuration files of up to " + MAX_BYTES + " bytes (256 KiB)");
        }
        String text = Utf8Text.decode(file, bytes, "cannot parse " + name());
        JsonParser parser = null;
        try {
            ObjectMapper reader = mapper();
            parser = this == YAML ? reader.createParser(quoteYamlPlaceholders(text)) : reader.createParser(bytes);
            JsonNode tree = reader.readTree(parser);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new ConfigException(ErrorCode.CONFIG_INVALID, file + ": the configuration file is empty");
            }
            if (!tree.isObject()) {
                throw new ConfigException(ErrorCode.CONFIG_INVALID, file + ": /: expected an object at the top level, found "
                        + tree.getNodeType().name().toLowerCase(Locale.ROOT));
            }
            FiniteNumbers.check(file, tree, "");
            return tree;
        } catch (IOException e) { // the bytes are in memory: what fails here is their content (a limit exceeded, say)
            JsonLocation at = e instanceof JsonProcessingException processing && processing.getLocation() != null
                    ? processing.getLocation() : parser == null ? null : parser.currentLocation();
            String where = at == null || at.getLineNr() < 1 ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr();
            Matcher duplicate = e instanceof JsonProcessingException processing && parser != null
                    ? DUPLICATE_KEY.matcher(String.valueOf(processing.getOriginalMessage())) : null;
            if (duplicate != null && duplicate.matches()) {
                throw new ConfigException(ErrorCode.CONFIG_DUPLICATE_KEY, file + where + ": "
                        + parser.getParsingContext().pathAsPointer() + ": duplicate key \"" + duplicate.group(1)
                        + "\"; a key may appear only once in an object (remove one of them)");
            }
            throw new ConfigException(ErrorCode.CONFIG_PARSE_ERROR, file + where + ": cannot parse " + name()
                    + ": " + problem(e));
        } finally {
            closeQuietly(parser);
        }
    }

    private static void closeQuietly(JsonParser parser) {
        try {
            if (parser != null) {
                parser.close();
            }
        } catch (IOException ignored) {
            // nothing was written; closing only releases buffers
        }
    }
}
