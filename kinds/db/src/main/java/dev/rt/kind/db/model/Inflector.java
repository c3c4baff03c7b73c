package dev.rt.kind.db.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** English plural to singular, for entity names: {@code movies} → {@code movie}, {@code people} → {@code person}. */
final class Inflector {
    private record Rule(Pattern pattern, String replacement) {
    }

    private static final Set<String> UNCOUNTABLE = Set.of("equipment", "information", "rice", "money", "species",
            "series", "fish", "sheep", "jeans", "police");
    private static final Pattern LAST_WORD = Pattern.compile("\\b\\w+$");
    private static final List<Rule> RULES = rules();

    private Inflector() {
    }

    static String singularize(String word) {
        if (word.isEmpty()) {
            return word;
        }
        Matcher last = LAST_WORD.matcher(word.toLowerCase(Locale.ROOT));
        if (last.find() && UNCOUNTABLE.contains(last.group())) {
            return word;
        }
        for (Rule rule : RULES) {
            Matcher m = rule.pattern.matcher(word);
            if (m.find()) {
                return m.replaceFirst(rule.replacement);
            }
        }
        return word;
    }

    /** The rules, the first that matches wins: irregular words, then the regular endings, specific before general. */
    private static List<Rule> rules() {
        List<Rule> rules = new ArrayList<>();
        irregular(rules, "zombie", "zombies");
        irregular(rules, "move", "moves");
        irregular(rules, "sex", "sexes");
        irregular(rules, "child", "children");
        irregular(rules, "man", "men");
        irregular(rules, "person", "people");
        String[][] endings = {
            {"(database)s$", "$1"}, {"(quiz)zes$", "$1"}, {"(matr)ices$", "$1ix"}, {"(vert|ind)ices$", "$1ex"},
            {"^(ox)en", "$1"}, {"(alias|status)(es)?$", "$1"}, {"(octop|vir)(us|i)$", "$1us"},
            {"^(a)x[ie]s$", "$1xis"}, {"(cris|test)(is|es)$", "$1is"}, {"(shoe)s$", "$1"}, {"(o)es$", "$1"},
            {"(bus)(es)?$", "$1"}, {"^(m|l)ice$", "$1ouse"}, {"(x|ch|ss|sh)es$", "$1"}, {"(m)ovies$", "$1ovie"},
            {"(s)eries$", "$1eries"}, {"([^aeiouy]|qu)ies$", "$1y"}, {"([lr])ves$", "$1f"}, {"(tive)s$", "$1"},
            {"(hive)s$", "$1"}, {"([^f])ves$", "$1fe"}, {"(^analy)(sis|ses)$", "$1sis"},
            {"((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$", "$1sis"}, {"([ti])a$", "$1um"},
            {"(n)ews$", "$1ews"}, {"(ss)$", "$1"}, {"s$", ""},
        };
        for (String[] ending : endings) {
            rules.add(new Rule(Pattern.compile(ending[0], Pattern.CASE_INSENSITIVE), ending[1]));
        }
        return List.copyOf(rules);
    }

    private static void irregular(List<Rule> rules, String singular, String plural) {
        String s0 = singular.substring(0, 1);
        String sRest = singular.substring(1);
        String p0 = plural.substring(0, 1);
        String pRest = plural.substring(1);
        if (s0.equalsIgnoreCase(p0)) {
            rules.add(new Rule(Pattern.compile("(" + p0 + ")" + pRest + "$", Pattern.CASE_INSENSITIVE), "$1" + sRest));
            rules.add(new Rule(Pattern.compile("(" + s0 + ")" + sRest + "$", Pattern.CASE_INSENSITIVE), "$1" + sRest));
        } else {
            rules.add(new Rule(Pattern.compile(p0.toLowerCase(Locale.ROOT) + ignoreCase(pRest) + "$"),
                    s0.toLowerCase(Locale.ROOT) + sRest));
            rules.add(new Rule(Pattern.compile(p0.toUpperCase(Locale.ROOT) + ignoreCase(pRest) + "$"),
                    s0.toUpperCase(Locale.ROOT) + sRest));
            rules.add(new Rule(Pattern.compile(s0.toLowerCase(Locale.ROOT) + ignoreCase(sRest) + "$"),
                    s0.toLowerCase(Locale.ROOT) + sRest));
            rules.add(new Rule(Pattern.compile(s0.toUpperCase(Locale.ROOT) + ignoreCase(sRest) + "$"),
                    s0.toUpperCase(Locale.ROOT) + sRest));
        }
    }

    private static String ignoreCase(String part) {
        StringBuilder out = new StringBuilder();
        for (char c : part.toCharArray()) {
            out.append('[').append(Character.toLowerCase(c)).append(Character.toUpperCase(c)).append(']');
        }
        return out.toString();
    }
}
