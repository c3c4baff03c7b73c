package dev.rt.kind.db.migrate;

import dev.rt.kind.db.connect.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a SQL script into statements on the semicolons that end them, and only those: not inside strings, quoted
 * identifiers or comments, nor inside a {@code BEGIN ... END} or {@code CASE ... END} block (a trigger's or a
 * procedure's body; {@code END IF}, {@code END LOOP}, {@code END WHILE}, {@code END REPEAT} and {@code END FOR} close
 * what never opened a block). {@code BEGIN;} and {@code BEGIN TRANSACTION} start a transaction, not a block. Each
 * statement keeps the line it starts on; those holding only comments are dropped.
 *
 * <p>Per database, as its own parser reads them: PostgreSQL's dollar quotes ({@code $$}, {@code $tag$}), escape
 * strings ({@code E'it\'s'}) and nested block comments; the MySQL family's backslash escapes, {@code #} comments,
 * {@code -- } comments (a blank after the dashes), executable comments ({@code /*! ... *}{@code /}, kept as
 * statements) and the {@code mysql} client's {@code DELIMITER} lines; SQLite's {@code [identifiers]}. A string,
 * identifier or comment never closed, or a {@code DELIMITER} line elsewhere than in the MySQL family, is refused
 * naming its line. Hand-written: what a database's own parser does is not available as a library, and the
 * statements' boundaries are all that is needed.
 */
public final class ScriptSplitter {
    private static final Set<String> TRANSACTION = Set.of("TRANSACTION", "DEFERRED", "IMMEDIATE", "EXCLUSIVE", "WORK",
            "ISOLATION", "READ");
    /** What {@code END} closes without a block counted open: the MySQL family's compound statements. */
    private static final Set<String> END_OF_STATEMENT = Set.of("IF", "LOOP", "WHILE", "REPEAT", "FOR");
    private static final Pattern DELIMITER = Pattern.compile("[ \\t]*(?i:delimiter)[ \\t]+(\\S*)[ \\t]*(?:\\n|$)");

    /** A statement of a script and the line (from 1) where it starts. */
    public record Statement(String text, int line) {
    }

    /** A script that cannot be split: what is wrong, and the line (from 1) where it starts. */
    public static final class ScriptException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;

        ScriptException(int line, String message) {
            super(message);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    private final String script;
    private final Dialect dialect;
    private final List<Statement> statements = new ArrayList<>();
    private final StringBuilder current = new StringBuilder();
    private String delimiter = ";";
    private int startLine = -1;
    private int depth;
    private int line = 1;
    private int at;

    private ScriptSplitter(String script, Dialect dialect) {
        this.script = script;
        this.dialect = dialect;
    }

    /** @throws ScriptException when a quote or comment is never closed, or a {@code DELIMITER} line is misplaced */
    public static List<Statement> split(String script, Dialect dialect) {
        return new ScriptSplitter(script, dialect).statements();
    }

    private List<Statement> statements() {
        int n = script.length();
        while (at < n) {
            if (startLine < 0 && (at == 0 || script.charAt(at - 1) == '\n') && delimiterLine()) {
                continue;
            }
            if (!delimiter.equals(";") && script.startsWith(delimiter, at)) {
                end(delimiter.length());
                continue;
            }
            char c = script.charAt(at);
            if (c == ';' && delimiter.equals(";") && depth == 0) {
                end(1);
                continue;
            }
            int end = at + 1;
            boolean content = true;
            if (c == '\'' || c == '"' || c == '`') {
                end = quoted(at, c, mySql() && c != '`');
            } else if (c == '[' && dialect == Dialect.SQLITE) {
                end = closing(at, "]", "identifier");
            } else if (c == '-' && script.startsWith("--", at) && (!mySql() || at + 2 >= n || script.charAt(at + 2) <= ' ')
                    || c == '#' && mySql()) {
                end = script.indexOf('\n', at) < 0 ? n : script.indexOf('\n', at);
                content = false;
            } else if (c == '/' && script.startsWith("/*", at)) {
                content = mySql() && (script.startsWith("/*!", at) || script.startsWith("/*M!", at));
                end = dialect == Dialect.POSTGRES ? nestedComment(at) : closing(at, "*/", "comment");
            } else if (c == '$' && dialect == Dialect.POSTGRES && dollarTag(at) != null) {
                String tag = dollarTag(at);
                end = closing(at + tag.length() - 1, tag, "dollar quote " + tag);
            } else if (Character.isLetter(c) || c == '_') {
                end = word(at);
            }
            append(end, content);
        }
        add();
        return List.copyOf(statements);
    }

    private boolean mySql() {
        return dialect.isMySqlFamily();
    }

    /**
     * A {@code DELIMITER} line of the {@code mysql} client at {@code at}, between statements: read (MySQL family), or
     * refused.
     */
    private boolean delimiterLine() {
        Matcher matcher = DELIMITER.matcher(script).region(at, script.length());
        if (!matcher.lookingAt()) {
            return false;
        }
        if (!mySql()) {
            throw new ScriptException(line, "DELIMITER is a command of the mysql client, and " + dialect.displayName()
                    + " has none: end each statement with ;");
        }
        if (matcher.group(1).isEmpty() || matcher.group(1).contains("\\")) {
            throw new ScriptException(line, "DELIMITER needs a delimiter without a backslash, as in DELIMITER //");
        }
        delimiter = matcher.group(1);
        current.setLength(0);
        line++;
        at = matcher.end();
        return true;
    }

    /** The end of the word at {@code start}, counting the blocks it opens or closes. */
    private int word(int start) {
        int end = identifierEnd(start);
        String word = script.substring(start, end).toUpperCase(Locale.ROOT);
        if (word.equals("E") && dialect == Dialect.POSTGRES && end < script.length() && script.charAt(end) == '\'') {
            return quoted(end, '\'', true);
        }
        if (word.equals("BEGIN") && !startsTransaction(end) || word.equals("CASE")) {
            depth++;
        } else if (word.equals("END")) {
            int next = end;
            while (next < script.length() && Character.isWhitespace(script.charAt(next))) {
                next++;
            }
            int nextEnd = identifierEnd(next);
            String following = script.substring(next, nextEnd).toUpperCase(Locale.ROOT);
            if (END_OF_STATEMENT.contains(following)) {
                return nextEnd;
            }
            depth = Math.max(0, depth - 1);
            if (following.equals("CASE")) {
                return nextEnd; // END CASE closes the one block its CASE opened
            }
        }
        return end;
    }

    private int identifierEnd(int start) {
        int end = start;
        while (end < script.length() && (Character.isLetterOrDigit(script.charAt(end)) || script.charAt(end) == '_'
                || end > start && script.charAt(end) == '$')) {
            end++;
        }
        return end;
    }

    private void append(int end, boolean content) {
        String piece = script.substring(at, end);
        if (startLine < 0 && content && !piece.isBlank()) {
            startLine = line;
        }
        current.append(piece);
        line += (int) piece.chars().filter(ch -> ch == '\n').count();
        at = end;
    }

    /** Ends the statement at {@code at}, whose delimiter is {@code length} characters long. */
    private void end(int length) {
        add();
        current.setLength(0);
        startLine = -1;
        depth = 0;
        at += length;
    }

    private void add() {
        if (startLine >= 0) {
            statements.add(new Statement(current.toString().trim(), startLine));
        }
    }

    /** The end of a quoted run that starts at {@code start}; a doubled quote stays inside it. */
    private int quoted(int start, char quote, boolean backslashEscapes) {
        int i = start + 1;
        while (i < script.length()) {
            char c = script.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == quote && i + 1 < script.length() && script.charAt(i + 1) == quote) {
                i += 2;
            } else if (c == quote) {
                return i + 1;
            } else {
                i++;
            }
        }
        throw new ScriptException(line, (quote == '\'' ? "the string" : "the quoted identifier") + " opened here with "
                + quote + " is never closed");
    }

    private int closing(int start, String close, String what) {
        int found = script.indexOf(close, start + 1);
        if (found < 0) {
            throw new ScriptException(line, "the " + what + " opened here is never closed");
        }
        return found + close.length();
    }

    /** PostgreSQL's block comments nest: {@code /* a /* b *}{@code / c *}{@code /} is one comment. */
    private int nestedComment(int start) {
        int open = 0;
        int i = start;
        while (i < script.length() - 1) {
            if (script.startsWith("/*", i)) {
                open++;
                i += 2;
            } else if (script.startsWith("*/", i)) {
                open--;
                i += 2;
                if (open == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        throw new ScriptException(line, "the comment opened here is never closed (PostgreSQL's comments nest: each /*"
                + " needs its */)");
    }

    /** {@code $$} or {@code $tag$} at {@code i}, or null. */
    private String dollarTag(int i) {
        int j = i + 1;
        while (j < script.length() && (Character.isLetterOrDigit(script.charAt(j)) || script.charAt(j) == '_')) {
            j++;
        }
        if (j < script.length() && script.charAt(j) == '$' && (j == i + 1 || !Character.isDigit(script.charAt(i + 1)))) {
            return script.substring(i, j + 1);
        }
        return null;
    }

    private boolean startsTransaction(int from) {
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
