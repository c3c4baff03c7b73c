package dev.rt.config.read;

import dev.rt.config.error.ConfigException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every problem at once: the errors found in several places (the elements of a list, the services of a runtime)
 * become one error, a line each, with the code of the first.
 */
public final class ConfigProblems {
    private ConfigProblems() {
    }

    public static void throwIfAny(List<ConfigException> problems) {
        if (problems.isEmpty()) {
            return;
        }
        if (problems.size() == 1) {
            throw problems.get(0);
        }
        Set<String> lines = new LinkedHashSet<>();
        problems.forEach(problem -> lines.add(problem.getMessage()));
        throw new ConfigException(problems.get(0).errorCode(), String.join("\n", lines));
    }
}
