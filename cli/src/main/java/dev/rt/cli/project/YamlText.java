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
 * Edits of a YAML configuration's text for {@link ConfigEdit}, line by line: block-style lists under top-level keys,
 * as people write them. Anything else (flow style, anchors) is left to the rewrite.
 */
final class YamlText {
    private static final Pattern TOP_KEY = Pattern.compile("^([A-Za-z_$][\\w$-]*)[ \\t]*:.*$");
    private static final Pattern ITEM = Pattern.compile("^([ \\t]*)-[ \\t]");

    private YamlText() {
    }

    static Optional<String> appendToList(String text, String list, Map<String, String> entry) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        Pattern header = Pattern.compile("^" + Pattern.quote(list) + "[ \\t]*:[ \\t]*(\\[\\])?[ \\t]*(#.*)?$");
        for (int i = 0; i < lines.size(); i++) {
            Matcher matcher = header.matcher(lines.get(i));
            if (!matcher.matches()) {
                continue;
            }
            if (matcher.group(1) != null) {
                lines.set(i, list + ":" + (matcher.group(2) != null ? " " + matcher.group(2) : ""));
            }
            int last = i;
            String indent = null;
            for (int j = i + 1; j < lines.size() && !TOP_KEY.matcher(lines.get(j)).matches(); j++) {
                String line = lines.get(j);
                if (!line.isBlank() && !line.strip().startsWith("#")) {
                    last = j;
                    Matcher item = ITEM.matcher(line);
                    if (indent == null && item.find()) {
                        indent = item.group(1);
                    }
                }
            }
            lines.addAll(last + 1, item(indent != null ? indent : "  ", entry));
            return Optional.of(String.join("\n", lines));
        }
        String start = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
        List<String> added = new ArrayList<>(List.of(list + ":"));
        added.addAll(item("  ", entry));
        return Optional.of(start + String.join("\n", added) + "\n");
    }

    static Optional<String> addToEntry(String text, Set<String> lists, String id, String key, String value) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        Pattern idLine = Pattern.compile("^([ \\t]*(?:-[ \\t]+)?)id[ \\t]*:[ \\t]*(?:" + Pattern.quote(id) + "|\""
                + Pattern.quote(id) + "\"|'" + Pattern.quote(id) + "')[ \\t]*(#.*)?$");
        String section = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher top = TOP_KEY.matcher(lines.get(i));
            if (top.matches()) {
                section = top.group(1);
            }
            Matcher matcher = idLine.matcher(lines.get(i));
            if (matcher.matches() && !matcher.group(1).isEmpty() && lists.contains(section)) {
                lines.add(i + 1, " ".repeat(matcher.group(1).length()) + key + ": " + ConfigEdit.quote(value));
                return Optional.of(String.join("\n", lines));
            }
        }
        return Optional.empty();
    }

    private static List<String> item(String indent, Map<String, String> entry) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, String> field : entry.entrySet()) {
            lines.add(indent + (lines.isEmpty() ? "- " : "  ") + field.getKey() + ": " + ConfigEdit.quote(field.getValue()));
        }
        return lines;
    }
}
