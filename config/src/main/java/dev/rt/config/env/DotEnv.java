package dev.rt.config.env;

import dev.rt.config.ConfigException;
import dev.rt.config.ErrorCode;
import dev.rt.config.Utf8Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads {@code .env} files: {@code KEY=VALUE} lines, {@code #} comments, an optional {@code export} prefix,
 * and values in single quotes (literal) or double quotes (with {@code \n}, {@code \"} and {@code \\} escapes).
 */
public final class DotEnv {
    private DotEnv() {
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
        Map<String, String> values = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).strip();
            }
            int equals = line.indexOf('=');
            String key = equals < 0 ? "" : line.substring(0, equals).strip();
            if (!key.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
                throw new ConfigException(ErrorCode.CONFIG_INVALID, file + ":" + (i + 1)
                        + ": expected KEY=VALUE, found \"" + lines[i].strip() + "\"");
            }
            values.put(key, value(line.substring(equals + 1).strip()));
        }
        return values;
    }

    private static String value(String raw) {
        if (raw.length() >= 2 && raw.startsWith("'") && raw.endsWith("'")) {
            return raw.substring(1, raw.length() - 1);
        }
        if (raw.length() >= 2 && raw.startsWith("\"") && raw.endsWith("\"")) {
            return raw.substring(1, raw.length() - 1)
                    .replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\");
        }
        int comment = raw.indexOf(" #");
        return comment < 0 ? raw : raw.substring(0, comment).strip();
    }
}
