package dev.rt.kind.routing;

/** The shapes of the paths of a rule. */
final class Paths {
    private Paths() {
    }

    /** {@code ""}, or a path that starts with a slash and does not end with one. */
    static void requirePrefix(String prefix, String what) {
        if (prefix == null || !prefix.isEmpty() && (!prefix.startsWith("/") || prefix.endsWith("/")
                || prefix.contains("?") || prefix.contains("#"))) {
            throw new IllegalArgumentException(what + " must be \"\" or a path like /a/b, found " + prefix);
        }
    }

    static void requireTemplate(String template, String what) {
        if (template == null || !template.startsWith("/") || template.contains("?") || template.contains("#")) {
            throw new IllegalArgumentException(what + " must be a path starting with /, found " + template);
        }
    }
}
