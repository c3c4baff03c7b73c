package dev.rt.config;

import dev.rt.config.read.ConfigNode;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;

/**
 * A service's own {@code watch}: whether its files restart it in development (only when the runtime's
 * {@code watch} is on), and which files count. {@code allow} and {@code ignore} are globs matched against
 * the path relative to the watched directory (the service directory or a class path directory), so
 * {@code *.class} matches at the top and {@code **}{@code /*.class} below it; empty means no rule.
 */
public record WatchConfig(boolean enabled, List<String> allow, List<String> ignore) {
    /** Watched, every file counting. */
    public static final WatchConfig DEFAULTS = new WatchConfig(true, List.of(), List.of());

    public WatchConfig {
        allow = List.copyOf(allow);
        ignore = List.copyOf(ignore);
    }

    /** A {@code watch} value; {@link #DEFAULTS} when it is absent. {@code null} globs are no rule. */
    static WatchConfig from(ConfigNode watch) {
        if (watch.isMissing()) {
            return DEFAULTS;
        }
        if (!watch.json().isObject()) {
            return new WatchConfig(watch.bool(true), List.of(), List.of());
        }
        return new WatchConfig(watch.get("enabled").bool(true), watch.get("allow").strings(), watch.get("ignore").strings());
    }

    /** Whether a change to {@code relative} (a path relative to a watched directory) restarts the service. */
    public boolean counts(Path relative) {
        return (allow.isEmpty() || matches(allow, relative)) && !matches(ignore, relative);
    }

    private static boolean matches(List<String> globs, Path relative) {
        for (String glob : globs) {
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
            if (matcher.matches(relative) || (relative.getFileName() != null && !glob.contains("/")
                    && matcher.matches(relative.getFileName()))) {
                return true;
            }
        }
        return false;
    }
}
