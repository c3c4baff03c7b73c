package dev.rt.kind.db.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How SQL names become API names: {@code movie_title} is the field {@code movieTitle}, the table {@code movies} the
 * entity {@code Movie}, singular {@code movie}, plural {@code movies}. Word boundaries are separators ({@code _ . -}
 * and spaces) and changes of case ({@code movieTitle}, {@code HTTPServer}); digits end a word.
 */
public final class Naming {
    private static final Pattern LEADING_SEPARATORS = Pattern.compile("^[_.\\- ]+");
    private static final Pattern SEPARATORS_AND_IDENTIFIER = Pattern.compile("[_.\\- ]+([\\p{IsAlphabetic}\\p{N}_]|$)");
    private static final Pattern NUMBERS_AND_IDENTIFIER = Pattern.compile("\\d+([\\p{IsAlphabetic}\\p{N}_]|$)");

    private Naming() {
    }

    /** {@code movie_title} → {@code movieTitle}; {@code MovieTitle} → {@code movieTitle}. */
    public static String camelCase(String text) {
        String input = text.trim();
        if (input.isEmpty()) {
            return "";
        }
        if (input.length() == 1) {
            return input.toLowerCase(Locale.ROOT);
        }
        if (!input.equals(input.toLowerCase(Locale.ROOT))) {
            input = markCaseChanges(input);
        }
        input = LEADING_SEPARATORS.matcher(input).replaceFirst("").toLowerCase(Locale.ROOT);
        input = replace(SEPARATORS_AND_IDENTIFIER, input, m -> m.group(1).toUpperCase(Locale.ROOT));
        return replace(NUMBERS_AND_IDENTIFIER, input, m -> m.group().toUpperCase(Locale.ROOT));
    }

    /** {@code movie_quotes} → {@code MovieQuote}: the entity's type name. */
    public static String entityName(String table) {
        return upperFirst(camelCase(Inflector.singularize(table)));
    }

    public static String upperFirst(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    public static String lowerFirst(String text) {
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    /** Inserts a separator where a lower-case letter meets an upper-case one, and before the last of a capital run. */
    private static String markCaseChanges(String input) {
        StringBuilder s = new StringBuilder(input);
        boolean lastLower = false;
        boolean lastUpper = false;
        boolean lastLastUpper = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (lastLower && Character.isUpperCase(c)) {
                s.insert(i, '-');
                lastLower = false;
                lastLastUpper = lastUpper;
                lastUpper = true;
                i++;
            } else if (lastUpper && lastLastUpper && Character.isLowerCase(c)) {
                s.insert(i - 1, '-');
                lastLastUpper = lastUpper;
                lastUpper = false;
                lastLower = true;
            } else {
                String one = String.valueOf(c);
                lastLower = one.toLowerCase(Locale.ROOT).equals(one) && !one.toUpperCase(Locale.ROOT).equals(one);
                lastLastUpper = lastUpper;
                lastUpper = one.toUpperCase(Locale.ROOT).equals(one) && !one.toLowerCase(Locale.ROOT).equals(one);
            }
        }
        return s.toString();
    }

    private static String replace(Pattern pattern, String input, java.util.function.Function<Matcher, String> with) {
        Matcher m = pattern.matcher(input);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(with.apply(m)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
