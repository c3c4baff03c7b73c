package dev.rt.kind.gateway.settings;

import dev.rt.kind.KindException;

/**
 * Path prefixes as a configuration gives them ({@code movies}, {@code /movies/}, {@code /}) in the one form a
 * routing table takes: {@code ""} or {@code /a/b}, a leading slash, none trailing, no empty, {@code .} or
 * {@code ..} segment. What is not a path at all is refused, naming the setting.
 */
public final class PrefixPaths {
    private PrefixPaths() {
    }

    /** @throws KindException at {@code pointer} when {@code raw} is not a path */
    public static String normalize(String raw, String pointer) {
        String path = raw.strip();
        if (path.contains("://") || path.chars().anyMatch(c -> c == '?' || c == '#' || c == '\\' || c <= ' ' || c == 127)) {
            throw KindException.at(pointer, "must be a path such as /movies, found \"" + raw + "\"");
        }
        String joined = ("/" + path).replaceAll("/+", "/");
        while (joined.endsWith("/")) {
            joined = joined.substring(0, joined.length() - 1);
        }
        for (String segment : joined.split("/")) {
            if (segment.equals(".") || segment.equals("..")) {
                throw KindException.at(pointer, "must be a path without . or .. segments, found \"" + raw + "\"");
            }
        }
        return joined;
    }

    /** Whether {@code path} is {@code prefix} or below it. */
    public static boolean within(String path, String prefix) {
        return prefix.isEmpty() || path.equals(prefix) || path.startsWith(prefix + "/");
    }
}
