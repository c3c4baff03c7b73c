package dev.rt.supervisor.cache;

import dev.rt.kind.mesh.MeshHost;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which origins the cache serves ({@code httpCache.origins}): each an exact origin ({@code http://host[:port]}, case
 * aside, port 80 implied) or {@code /regex/flags} ({@code i} for case-insensitive) matched against the origin.
 * Without any, every service of the runtime ({@code http://<id>.rt.local}) and nothing outside it.
 */
final class CachedOrigins {
    private static final String MESH_SUFFIX = MeshHost.SUFFIX;
    private final List<String> exact = new ArrayList<>();
    private final List<Pattern> patterns = new ArrayList<>();

    CachedOrigins(List<String> origins) {
        for (String origin : origins) {
            int end = origin.lastIndexOf('/');
            if (origin.startsWith("/") && end > 0) {
                String flags = origin.substring(end + 1);
                patterns.add(Pattern.compile(origin.substring(1, end), flags.contains("i") ? Pattern.CASE_INSENSITIVE : 0));
            } else {
                exact.add(normal(origin));
            }
        }
    }

    boolean contains(String origin) {
        String normal = normal(origin);
        if (exact.isEmpty() && patterns.isEmpty()) {
            return normal.startsWith("http://") && normal.endsWith(MESH_SUFFIX);
        }
        return exact.contains(normal) || patterns.stream().anyMatch(p -> p.matcher(origin).find() || p.matcher(normal).find());
    }

    /** Lower case, without a trailing slash or the scheme's default port. */
    static String normal(String origin) {
        String normal = origin.strip().toLowerCase(Locale.ROOT);
        if (normal.endsWith("/")) {
            normal = normal.substring(0, normal.length() - 1);
        }
        if (normal.startsWith("http://") && normal.endsWith(":80")) {
            normal = normal.substring(0, normal.length() - 3);
        }
        return normal;
    }
}
