package dev.rt.cli.client;

import java.util.Locale;
import javax.lang.model.SourceVersion;

/** Identifiers from the names an API uses: {@code movie-store} → {@code movieStore}, {@code MovieStore}. */
final class Names {
    private static final java.util.Set<String> TS_RESERVED = java.util.Set.of("break", "case", "catch", "class",
            "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export", "extends", "false",
            "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
            "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with");

    private Names() {
    }

    /** lowerCamelCase, a valid Java and JavaScript identifier. */
    static String member(String name) {
        String camel = camel(name, false);
        return SourceVersion.isName(camel) && !TS_RESERVED.contains(camel) ? camel : camel + "_";
    }

    /** UpperCamelCase. */
    static String type(String name) {
        String camel = camel(name, true);
        return SourceVersion.isName(camel) ? camel : "T" + camel;
    }

    private static String camel(String name, boolean upper) {
        StringBuilder out = new StringBuilder();
        boolean next = upper;
        for (char c : name.toCharArray()) {
            if (Character.isLetterOrDigit(c) && c < 128) {
                out.append(next ? Character.toUpperCase(c) : out.length() == 0 ? Character.toLowerCase(c) : c);
                next = false;
            } else {
                next = out.length() > 0 || upper;
            }
        }
        if (out.length() == 0) {
            return upper ? "Value" : "value";
        }
        if (Character.isDigit(out.charAt(0))) {
            out.insert(0, upper ? "T" : "_");
        }
        return out.toString();
    }

    /** A Java package name from a client's name: {@code movie-store} → {@code moviestore}. */
    static String javaPackage(String name) {
        String lower = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.]", "");
        if (lower.isEmpty() || Character.isDigit(lower.charAt(0))) {
            lower = "client" + lower;
        }
        return SourceVersion.isName(lower) ? lower : lower + "client";
    }

    /** A Java string literal's content. */
    static String javaString(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Text safe inside a comment ({@code *}{@code /} broken). */
    static String comment(String text) {
        return text.replace("*/", "*&#47;").replace("\r", "").replace("\n", " ").strip();
    }
}
