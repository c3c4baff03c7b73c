package dev.rt.cli.project;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Edits of a TOML configuration's text for {@link ConfigEdit}: lists written as arrays of tables
 * ({@code [[clients]]}), as people write them. Inline arrays are left to the rewrite.
 */
final class TomlText {
    private static final Pattern HEADER = Pattern.compile("^[ \\t]*\\[\\[?[ \\t]*([^\\]]+?)[ \\t]*\\]\\]?[ \\t]*(#.*)?$");

    private TomlText() {
    }

    /** A new {@code [[list]]} table at the end of the file, where a table may always begin. */
    static Optional<String> appendToList(String text, String list, Map<String, String> entry) {
        StringBuilder added = new StringBuilder(text.isEmpty() || text.endsWith("\n") ? "" : "\n");
        added.append(text.isBlank() ? "" : "\n").append("[[").append(list).append("]]\n");
        entry.forEach((key, value) -> added.append(key).append(" = ").append(ConfigEdit.quote(value)).append('\n'));
        return Optional.of(text + added);
    }

    static Optional<String> addToEntry(String text, Set<String> lists, String id, String key, String value) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        Pattern idLine = Pattern.compile("^([ \\t]*)id[ \\t]*=[ \\t]*(?:\"" + Pattern.quote(id) + "\"|'" + Pattern.quote(id)
                + "')[ \\t]*(#.*)?$");
        String table = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher header = HEADER.matcher(lines.get(i));
            if (header.matches()) {
                table = header.group(1);
            }
            Matcher matcher = idLine.matcher(lines.get(i));
            if (matcher.matches() && lists.contains(table)) {
                lines.add(i + 1, matcher.group(1) + key + " = " + ConfigEdit.quote(value));
                return Optional.of(String.join("\n", lines));
            }
        }
        return Optional.empty();
    }
}
