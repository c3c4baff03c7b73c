package dev.rt.config.install;

import dev.rt.kind.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A kind rt can run: its implementation, loaded from its own jars, and those jars, which go on the class path of
 * its workers right after the agent.
 */
public record InstalledKind(Kind kind, List<Path> jars) {
    public InstalledKind {
        Objects.requireNonNull(kind, "kind");
        jars = List.copyOf(jars);
    }

    public String name() {
        return kind.name();
    }
}
