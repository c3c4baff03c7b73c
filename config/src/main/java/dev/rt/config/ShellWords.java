package dev.rt.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an option string the way a POSIX shell would: whitespace separates, quotes group, backslash escapes. A
 * backslash before an opening brace stays: {@code \{PORT}} is the placeholder escape, removed when the worker is
 * launched.
 */
final class ShellWords {
    private ShellWords() {
    }

    static List<String> split(String text, ConfigNode where) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                    word.append(escaped(text.charAt(++i)));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(escaped(text.charAt(++i)));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw where.error("unterminated " + quote + " quote in \"" + text + "\"");
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static String escaped(char c) {
        return c == '{' ? "\\{" : String.valueOf(c);
    }
}
