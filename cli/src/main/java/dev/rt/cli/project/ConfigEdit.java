package dev.rt.cli.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.rt.config.read.ConfigFiles;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Edits a configuration file the way a person would, so that its comments and layout stay: the one entry or key is
 * added to its text, and the edited text is kept only when it parses to exactly the tree the change should give.
 * When no such edit is found (a layout these edits do not know, a flow-style list), the file is rewritten from that
 * tree, as before, and the caller is told so that it can warn that comments and layout are lost.
 */
public final class ConfigEdit {
    private ConfigEdit() {
    }

    /** How the file was written. */
    public enum Outcome {
        IN_PLACE, REWRITTEN
    }

    /**
     * Appends {@code entry} (string values) to the top-level list {@code list}, creating the list when it is absent.
     *
     * @param changed the file's tree with the entry added, which the edited text must parse to
     */
    public static Outcome appendToList(Path file, JsonNode changed, String list, Map<String, String> entry)
            throws IOException {
        return write(file, changed, text -> switch (format(file)) {
            case "yaml" -> YamlText.appendToList(text, list, entry);
            case "toml" -> TomlText.appendToList(text, list, entry);
            default -> JsonText.appendToList(text, list, entry);
        });
    }

    /**
     * Adds {@code key} with the string {@code value} to the entry whose {@code id} is {@code id} in one of the
     * top-level lists {@code lists}.
     *
     * @param changed the file's tree with the key added, which the edited text must parse to
     */
    public static Outcome addToEntry(Path file, JsonNode changed, Set<String> lists, String id, String key, String value)
            throws IOException {
        return write(file, changed, text -> switch (format(file)) {
            case "yaml" -> YamlText.addToEntry(text, lists, id, key, value);
            case "toml" -> TomlText.addToEntry(text, lists, id, key, value);
            default -> JsonText.addToEntry(text, id, key, value);
        });
    }

    /** A string as a quoted literal that JSON, YAML (double-quoted) and TOML (basic string) all read back. */
    static String quote(String value) {
        return new TextNode(value).toString();
    }

    private static String format(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return "yaml";
        }
        return name.endsWith(".toml") || name.endsWith(".tml") ? "toml" : "json";
    }

    private static Outcome write(Path file, JsonNode changed, Function<String, Optional<String>> edit) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        boolean crlf = text.contains("\r\n");
        Optional<String> edited = edit.apply(text.replace("\r\n", "\n")).map(t -> crlf ? t.replace("\n", "\r\n") : t);
        String name = file.getFileName().toString();
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), ".rt-edit",
                name.substring(name.lastIndexOf('.')));
        try {
            if (edited.isPresent()) {
                Files.writeString(temporary, edited.get(), StandardCharsets.UTF_8);
                if (parsesTo(temporary, changed)) {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    return Outcome.IN_PLACE;
                }
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
        ConfigFiles.write(file, changed);
        return Outcome.REWRITTEN;
    }

    private static boolean parsesTo(Path file, JsonNode expected) {
        try {
            return ConfigFiles.read(file).equals(expected);
        } catch (RtException e) {
            return false;
        }
    }
}
