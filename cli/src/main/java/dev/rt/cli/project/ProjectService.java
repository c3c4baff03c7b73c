package dev.rt.cli.project;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A service of a project as the project commands (build, install, compile, resolve) see it: where it is or comes
 * from, what builds it, what it needs first. Read without checking the service's own configuration, which may
 * name a build output that does not exist yet.
 *
 * @param pointer        where it is declared, for messages ({@code rt.json: /services/1})
 * @param directory      its directory, absolute
 * @param url            the git repository it is resolved from ({@code url}), when it is one
 * @param gitBranch      the branch to resolve ({@code gitBranch})
 * @param packageManager the build tool it asks for ({@code packageManager})
 * @param dependencies   ids of the services it needs first ({@code dependencies}, the {@code clients} of its own
 *                       configuration)
 * @param kind           its kind, from its own configuration file's {@code $schema} or top-level key, when it has one
 */
public record ProjectService(String id, String pointer, Path directory, Optional<String> url,
        Optional<String> gitBranch, Optional<String> packageManager, List<String> dependencies, Optional<String> kind) {
    public ProjectService {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(gitBranch, "gitBranch");
        Objects.requireNonNull(packageManager, "packageManager");
        dependencies = List.copyOf(dependencies);
        Objects.requireNonNull(kind, "kind");
    }
}
