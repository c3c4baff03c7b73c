package dev.rt.kind.db.migrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits a SQL script into statements on the semicolons that end them, and only those: not inside strings, quoted
 * identifiers, comments or PostgreSQL dollar quotes, nor inside a {@code BEGIN ... END} or {@code CASE ... END}
 * block (a trigger's body). {@code BEGIN;} and {@code BEGIN TRANSACTION} start a transaction, not a block. Each
 * statement keeps the line it starts on; those holding only comments are dropped.
 */
public final class ScriptSplitter {
    private static final Set<String> TRANSACTION = Set.of("TRANSACTION", "DEFERRED", "IMMEDIATE", "EXCLUSIVE", "WORK",
            "ISOLATION", "READ");

    /** A statement of a script and the line (from 1) where it starts. */
    public record Statement(String text, int line) {
    }

    private ScriptSplitter() {
    }

    /** @param backslashEscapes whether a backslash escapes the next character in a string (the MySQL family's way) */
    public static List<Statement> split(String script, boolean backslashEscapes) {
        List<Statement> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        int line = 1;
        int startLine = -1;
        int i = 0;
        int n = script.length();
        while (i < n) {
            char c = script.charAt(i);
            int end = i + 1;
            if (c == '\'' || c == '"' || c == '`') {
                end = quoted(script, i, c, backslashEscapes && c != '`');
            } else if (c == '[') {
                end = Math.min(n, script.indexOf(']', i) < 0 ? n : script.indexOf(']', i) + 1);
            } else if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-') {
                end = script.indexOf('\n', i) < 0 ? n : script.indexOf('\n', i);
            } else if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
                end = script.indexOf("*/", i + 2) < 0 ? n : script.indexOf("*/", i + 2) + 2;
            } else if (c == '$' && dollarTag(script, i) != null) {
                String tag = dollarTag(script, i);
                int close = script.indexOf(tag, i + tag.length());
                end = close < 0 ? n : close + tag.length();
            } else if (Character.isLetter(c) || c == '_') {
                while (end < n && (Character.isLetterOrDigit(script.charAt(end)) || script.charAt(end) == '_')) {
                    end++;
                }
                String word = script.substring(i, end).toUpperCase(Locale.ROOT);
                if (word.equals("BEGIN") && !startsTransaction(script, end)) {
                    depth++;
                } else if (word.equals("CASE")) {
                    depth++;
                } else if (word.equals("END")) {
                    depth = Math.max(0, depth - 1);
                }
            } else if (c == ';' && depth == 0) {
                add(statements, current.toString(), startLine);
                current.setLength(0);
                startLine = -1;
                i++;
                continue;
            }
            String piece = script.substring(i, end);
            if (startLine < 0 && !piece.isBlank() && !piece.startsWith("--") && !piece.startsWith("/*")) {
                startLine = line;
            }
            current.append(piece);
            line += (int) piece.chars().filter(ch -> ch == '\n').count();
            i = end;
        }
        add(statements, current.toString(), startLine);
        return List.copyOf(statements);
    }

    private static void add(List<Statement> statements, String text, int line) {
        String withoutComments = text.replaceAll("--[^\n]*", "").replaceAll("(?s)/\\*.*?\\*/", "").trim();
        if (!withoutComments.isEmpty()) {
            statements.add(new Statement(text.trim(), line));
        }
    }

    /** The end of a quoted run that starts at {@code start}; a doubled quote stays inside it. */
    private static int quoted(String script, int start, char quote, boolean backslashEscapes) {
        int i = start + 1;
        while (i < script.length()) {
            if (backslashEscapes && script.charAt(i) == '\\') {
                i += 2;
                continue;
            }
            if (script.charAt(i) == quote) {
                if (i + 1 < script.length() && script.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return script.length();
    }

    /** {@code $$} or {@code $tag$} at {@code i}, or null. */
    private static String dollarTag(String script, int i) {
        int j = i + 1;
        while (j < script.length() && (Character.isLetterOrDigit(script.charAt(j)) || script.charAt(j) == '_')) {
            j++;
        }
        if (j < script.length() && script.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(script.charAt(i + 1)))) {
            return script.substring(i, j + 1);
        }
        return null;
    }

    private static boolean startsTransaction(String script, int from) {
        int i = from;
        while (i < script.length() && Character.isWhitespace(script.charAt(i))) {
            i++;
        }
        if (i >= script.length() || script.charAt(i) == ';') {
            return true;
        }
        int j = i;
        while (j < script.length() && Character.isLetter(script.charAt(j))) {
            j++;
        }
        return TRANSACTION.contains(script.substring(i, j).toUpperCase(Locale.ROOT));
    }
}
