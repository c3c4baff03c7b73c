package dev.rt.supervisor.management;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Which runtime a control command means: the one with {@code --pid}, or with {@code --name}; without either,
 * the only one running, or else the one started from the current directory. No match, or several, is an error
 * that lists the candidates.
 */
public final class RuntimeSelector {
    /** Code of every selection failure; the CLI maps it to its own exit status. */
    static final ErrorCode NOT_FOUND = ErrorCode.RUNTIME_NOT_FOUND;

    private RuntimeSelector() {
    }

    public static RuntimeInfo select(List<RuntimeInfo> runtimes, OptionalLong pid, Optional<String> name, Path cwd) {
        if (runtimes.isEmpty()) {
            throw new RtException(NOT_FOUND, "No runtime with the management API is running. Enable it with "
                    + "\"managementApi\": true in the runtime configuration, then start rt again.");
        }
        if (pid.isPresent()) {
            return only(runtimes.stream().filter(r -> r.pid() == pid.getAsLong()).toList(), runtimes,
                    "with pid " + pid.getAsLong());
        }
        if (name.isPresent()) {
            return only(runtimes.stream().filter(r -> r.name().equals(name.get())).toList(), runtimes,
                    "named \"" + name.get() + "\"");
        }
        if (runtimes.size() == 1) {
            return runtimes.get(0);
        }
        String here = cwd.toAbsolutePath().normalize().toString();
        return only(runtimes.stream().filter(r -> r.cwd().equals(here)).toList(), runtimes,
                "started from " + here + " (several are running: choose one with -p <pid> or -n <name>)");
    }

    private static RuntimeInfo only(List<RuntimeInfo> matches, List<RuntimeInfo> all, String what) {
        if (matches.size() == 1) {
            return matches.get(0);
        }
        String candidates = all.stream().map(RuntimeInfo::describe).collect(Collectors.joining(", "));
        if (matches.isEmpty()) {
            throw new RtException(NOT_FOUND, "Cannot find a runtime " + what + ". Running runtimes: " + candidates);
        }
        throw new RtException(NOT_FOUND, "Several runtimes are " + what + ": "
                + matches.stream().map(RuntimeInfo::describe).collect(Collectors.joining(", "))
                + " (choose one with -p <pid>)");
    }
}
