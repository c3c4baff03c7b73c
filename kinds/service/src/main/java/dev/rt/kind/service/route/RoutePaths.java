package dev.rt.kind.service.route;

/** Prefixes and paths as routes are written: {@code /a/b}, no trailing slash, {@code ""} for the root prefix. */
public final class RoutePaths {
    private RoutePaths() {
    }

    public static String normalizePrefix(String prefix) {
        String p = prefix.strip();
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.isEmpty() || p.startsWith("/") ? p : "/" + p;
    }

    /** {@code prefix + path}; a path of {@code /} under a prefix is the prefix itself. */
    public static String join(String prefix, String path) {
        String p = path.isEmpty() || path.startsWith("/") ? path : "/" + path;
        if (prefix.isEmpty()) {
            return p.isEmpty() ? "/" : p;
        }
        return p.equals("/") || p.isEmpty() ? prefix : prefix + p;
    }

    /** The OpenAPI form of a route path: {@code :id} becomes {@code {id}}. */
    public static String openApi(String path) {
        return path.replaceAll(":([A-Za-z0-9_]+)", "{$1}");
    }
}
