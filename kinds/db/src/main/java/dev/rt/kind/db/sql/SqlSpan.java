package dev.rt.kind.db.sql;

import java.util.Optional;

/**
 * What a statement's span is named after: its operation ({@code SELECT}, the first word) and the table it works on
 * (after {@code FROM}, {@code INTO} or {@code UPDATE}, unquoted), as in {@code SELECT movies}. Read from rt's own
 * statements, whose text holds {@code ?} markers and never a value.
 */
record SqlSpan(String operation, Optional<String> table) {

    static SqlSpan of(String sql) {
        String text = sql.strip();
        int space = text.indexOf(' ');
        String operation = SqlSpans.upper(space < 0 ? text : text.substring(0, space));
        String after = switch (operation) {
            case "INSERT" -> "INTO ";
            case "UPDATE" -> "UPDATE ";
            default -> "FROM ";
        };
        int at = operation.equals("UPDATE") ? 0 : indexOfWord(text, after);
        return new SqlSpan(operation, at < 0 ? Optional.empty() : identifier(text, at + after.length()));
    }

    /** {@code SELECT movies}; the operation alone when no table was found. */
    String name() {
        return table.map(t -> operation + " " + t).orElse(operation);
    }

    private static int indexOfWord(String text, String word) {
        String upper = SqlSpans.upper(text);
        int at = upper.indexOf(" " + word);
        return at < 0 ? -1 : at + 1;
    }

    /** The identifier at {@code start}: quoted with {@code "} or {@code `} (a doubled quote inside is one), or bare. */
    private static Optional<String> identifier(String text, int start) {
        if (start >= text.length()) {
            return Optional.empty();
        }
        char quote = text.charAt(start);
        StringBuilder name = new StringBuilder();
        if (quote == '"' || quote == '`') {
            for (int i = start + 1; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == quote && i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    name.append(c);
                    i++;
                } else if (c == quote) {
                    return Optional.of(name.toString());
                } else {
                    name.append(c);
                }
            }
            return Optional.empty();
        }
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '(' || c == ',' || c == ';') {
                break;
            }
            name.append(c);
        }
        return name.isEmpty() ? Optional.empty() : Optional.of(name.toString());
    }
}
