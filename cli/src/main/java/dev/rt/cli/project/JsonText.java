package dev.rt.cli.project;

import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Edits of a JSON configuration's text for {@link ConfigEdit}: found by a scan that knows strings and nesting. */
final class JsonText {
    private JsonText() {
    }

    static Optional<String> appendToList(String text, String list, Map<String, String> entry) {
        String object = entry.entrySet().stream().map(e -> ConfigEdit.quote(e.getKey()) + ": " + ConfigEdit.quote(e.getValue()))
                .collect(Collectors.joining(", ", "{ ", " }"));
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = stringEnd(text, i);
                if (end < 0) {
                    return Optional.empty();
                }
                int colon = skipSpace(text, end + 1);
                if (depth == 1 && text.substring(i, end + 1).equals(ConfigEdit.quote(list)) && colon < text.length()
                        && text.charAt(colon) == ':') {
                    int open = skipSpace(text, colon + 1);
                    int close = open < text.length() && text.charAt(open) == '[' ? matching(text, open) : -1;
                    if (close < 0) {
                        return Optional.empty();
                    }
                    int last = lastContent(text, close);
                    String separator = last == open ? "" : ", ";
                    return Optional.of(text.substring(0, last + 1) + separator + object + text.substring(last + 1));
                }
                i = end;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            }
        }
        int close = text.lastIndexOf('}');
        if (close < 0) {
            return Optional.empty();
        }
        int last = lastContent(text, close);
        String member = ConfigEdit.quote(list) + ": [" + object + "]";
        return Optional.of(text.substring(0, last + 1) + (text.charAt(last) == '{' ? "\n  " : ",\n  ") + member
                + (text.charAt(last) == '{' ? "\n" : "") + text.substring(last + 1));
    }

    static Optional<String> addToEntry(String text, String id, String key, String value) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) != '"') {
                continue;
            }
            int end = stringEnd(text, i);
            if (end < 0) {
                return Optional.empty();
            }
            int colon = skipSpace(text, end + 1);
            if (text.substring(i, end + 1).equals("\"id\"") && colon < text.length() && text.charAt(colon) == ':') {
                int valueStart = skipSpace(text, colon + 1);
                int valueEnd = valueStart < text.length() && text.charAt(valueStart) == '"' ? stringEnd(text, valueStart) : -1;
                if (valueEnd > 0 && text.substring(valueStart, valueEnd + 1).equals(ConfigEdit.quote(id))) {
                    return Optional.of(text.substring(0, valueEnd + 1) + ", " + ConfigEdit.quote(key) + ": "
                            + ConfigEdit.quote(value) + text.substring(valueEnd + 1));
                }
            }
            i = end;
        }
        return Optional.empty();
    }

    /** The index of the quote that closes the string opening at {@code start}, or -1. */
    private static int stringEnd(String text, int start) {
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    /** The index of the bracket that closes the one at {@code open}, or -1. */
    private static int matching(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                i = stringEnd(text, i);
                if (i < 0) {
                    return -1;
                }
            } else if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int skipSpace(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The index of the last character before {@code before} that is not white space. */
    private static int lastContent(String text, int before) {
        int i = before - 1;
        while (i > 0 && Character.isWhitespace(text.charAt(i))) {
            i--;
        }
        return i;
    }
}
