package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an option string the way a POSIX shell splits a command line into words (Shell Command Language, 2.2 and
 * 2.6.5), without any expansion: blanks (space, tab, newline) separate words; a backslash outside quotes keeps the
 * next character as it is (a backslash before a newline joins the lines); single quotes keep everything up to the
 * next single quote; inside double quotes a backslash escapes only {@code $}, {@code `}, {@code "}, {@code \} and a
 * newline, and stays before any other character ({@code "\d+"} is {@code \d+}). One exception, rt's own: a backslash
 * before an opening brace outside quotes stays, since {@code \{PORT}} is the placeholder escape, removed when the
 * worker is launched (inside double quotes it stays anyway). Hand-written: the JDK has no shell word splitter, and
 * this is one loop over the text.
 */
final class ShellWords {
    private static final String DOUBLE_QUOTED_ESCAPES = "$`\"\\\n";

    private ShellWords() {
    }

    static List<String> split(String text, ConfigNode where) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean escapes = c == '\\' && i + 1 < text.length();
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (escapes && DOUBLE_QUOTED_ESCAPES.indexOf(text.charAt(i + 1)) >= 0) {
                    char next = text.charAt(++i);
                    if (next != '\n') {
                        word.append(next);
                    }
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (escapes) {
                char next = text.charAt(++i);
                if (next == '{') {
                    word.append('\\');
                }
                if (next != '\n') {
                    word.append(next);
                    inWord = true;
                }
            } else if (c == ' ' || c == '\t' || c == '\n') {
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
}
