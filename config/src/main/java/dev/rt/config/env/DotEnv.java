package dev.rt.config.env;

import dev.rt.config.error.ConfigException;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.read.Utf8Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code .env} files by the rules of the {@code dotenv} package the reference system uses: {@code KEY=VALUE}
 * lines, an optional {@code export} prefix, {@code #} comments on their own line or after a value; an unquoted value
 * ends at {@code #} and is trimmed; a value in single quotes, double quotes or backticks keeps its spaces, may span
 * lines and may be followed by a comment; inside double quotes {@code \n} is a newline and {@code \r} a carriage
 * return, and any other backslash stays. Two differences, both where {@code dotenv} loses what was meant: inside
 * double quotes {@code \\} is one backslash and {@code \"} a quote, read left to right ({@code "C:\\new"} is
 * {@code C:\new}, where {@code dotenv} makes {@code C:\} and a new line of {@code ew}); and what it skips without a
 * word (a line that is not {@code KEY=VALUE}, a quote never closed, text after a closing quote) is refused naming the
 * file and line. Hand-written: the format is a handful of rules, and no Java library follows {@code dotenv}'s.
 */
public final class DotEnv {
    private static final Pattern KEY = Pattern.compile("[ \\t]*(?:export[ \\t]+)?([A-Za-z_][A-Za-z0-9_.]*)[ \\t]*=[ \\t]*");

    private final Path file;
    private final String text;
    private int at;
    private int line = 1;

    private DotEnv(Path file, String text) {
        this.file = file;
        this.text = text;
    }

    /** The variables of {@code file}; empty when the file does not exist. */
    public static Map<String, String> readIfPresent(Path file) {
        return Files.isRegularFile(file) ? read(file) : Map.of();
    }

    static Map<String, String> read(Path file) {
        String text;
        try {
            text = Utf8Text.decode(file, Files.readAllBytes(file), "cannot read the env file");
        } catch (IOException e) {
            throw new ConfigException(ErrorCode.CONFIG_UNREADABLE, file + ": cannot read the env file (" + e.getMessage() + ")");
        }
        return parse(file, text);
    }

    /** The variables of {@code text}, read as the content of {@code file} (which names it in messages). */
    static Map<String, String> parse(Path file, String text) {
        return new DotEnv(file, text.replace("\r\n", "\n").replace('\r', '\n')).entries();
    }

    private Map<String, String> entries() {
        Map<String, String> values = new LinkedHashMap<>();
        while (at < text.length()) {
            int end = lineEnd(at);
            String rest = text.substring(at, end);
            if (rest.isBlank() || rest.strip().startsWith("#")) {
                next(end);
                continue;
            }
            Matcher key = KEY.matcher(rest);
            if (!key.lookingAt()) {
                throw error(line, "expected KEY=VALUE, found \"" + rest.strip() + "\"");
            }
            at += key.end();
            values.put(key.group(1), value());
        }
        return values;
    }

    private String value() {
        int start = line;
        char quote = at < text.length() ? text.charAt(at) : '\n';
        if (quote != '\'' && quote != '"' && quote != '`') {
            int end = lineEnd(at);
            int comment = text.indexOf('#', at);
            String value = text.substring(at, comment >= 0 && comment < end ? comment : end).strip();
            next(end);
            return value;
        }
        StringBuilder value = new StringBuilder();
        int i = at + 1;
        while (i < text.length() && text.charAt(i) != quote) {
            char c = text.charAt(i);
            if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                char escaped = text.charAt(i + 1);
                switch (escaped) {
                    case 'n' -> value.append('\n');
                    case 'r' -> value.append('\r');
                    case '\\', '"' -> value.append(escaped);
                    default -> value.append(c).append(escaped);
                }
                i += 2;
            } else {
                value.append(c);
                i++;
            }
        }
        if (i >= text.length()) {
            throw error(start, "the value's " + quote + " quote is never closed");
        }
        line += (int) text.substring(at, i).chars().filter(ch -> ch == '\n').count();
        int end = lineEnd(i + 1);
        String after = text.substring(i + 1, end).strip();
        if (!after.isEmpty() && !after.startsWith("#")) {
            throw error(line, "unexpected \"" + after + "\" after the closing " + quote + " quote (a comment starts"
                    + " with #)");
        }
        next(end);
        return value.toString();
    }

    private int lineEnd(int from) {
        int end = text.indexOf('\n', from);
        return end < 0 ? text.length() : end;
    }

    /** Moves past the line that ends at {@code end}. */
    private void next(int end) {
        at = Math.min(text.length(), end + 1);
        line++;
    }

    private ConfigException error(int where, String message) {
        return new ConfigException(ErrorCode.CONFIG_INVALID, file + ":" + where + ": " + message);
    }
}
