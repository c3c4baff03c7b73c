package dev.rt.config.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Configuration files as trees, for the commands that read one without loading it ({@code rt create}, {@code rt build})
 * or edit one in place ({@code rt resolve} writes paths back, {@code rt client} adds a {@code clients} entry): the
 * same formats, limits and parse errors as loading, and writing back in the file's own format.
 */
public final class ConfigFiles {
    /** Base names looked up in a directory when no file is given, in this order. */
    public static final List<String> LOOKUP_ORDER = ConfigFormat.LOOKUP_ORDER;

    private ConfigFiles() {
    }

    /** Parses {@code file} (its format from its extension); errors name the file, line and column. */
    public static JsonNode read(Path file) {
        return ConfigFormat.of(file).read(file);
    }

    /** Replaces {@code file} with {@code tree}, pretty-printed in the file's format, through a temporary file. */
    public static void write(Path file, JsonNode tree) throws IOException {
        String text = ConfigFormat.of(file).mapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree);
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".rt-edit", ".tmp");
        try {
            Files.writeString(temporary, text.endsWith("\n") ? text : text + "\n");
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
