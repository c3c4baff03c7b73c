package dev.rt.cli.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.ConfigEdit;
import dev.rt.cli.project.GitClone;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectService;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.read.ConfigFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt resolve}: each service with a git {@code url} and no directory yet is cloned into its {@code path}, or
 * {@code <resolvedServicesBasePath>/<id>} (default {@code external/<id>}), whose path relative to the configuration
 * is then written into its entry; then its dependencies are installed.
 */
@Command(name = "resolve", mixinStandardHelpOptions = true,
        description = {"Clone the services that have a git url into their path, or <resolvedServicesBasePath>/<id>"
                + " (default external/<id>), write that path into the runtime configuration, and install their"
                + " dependencies.", "Credentials go to git only, never into a file or the output."})
public final class ResolveCommand implements Callable<Integer> {
    /** The lists of a runtime configuration whose entries name services. */
    private static final Set<String> LISTS = Set.of("services", "applications", "web");

    @Option(names = {"-c", "--config"}, paramLabel = "<file>", description = "The runtime configuration; default:"
            + " rt.json (rt.yml, ...) in the current directory.")
    Path config;

    @Option(names = {"-u", "--username"}, paramLabel = "<username>", description = "User name for HTTP(S) remotes.")
    String username;

    @Option(names = {"-p", "--password"}, paramLabel = "<password>", description = "Password or token for HTTP(S)"
            + " remotes (better: leave it out and let git ask, or use git's own credential helper).")
    String password;

    @Option(names = {"-P", "--package-manager"}, paramLabel = "<executable>", description = "The build tool that installs"
            + " the resolved services' dependencies; default: theirs (mvnw, gradlew, ...).")
    String packageManager;

    @Option(names = "--timeout", paramLabel = "<seconds>", description = "How long one clone may take before it is"
            + " stopped and counted as failed; default: 600. Git never waits for a prompt: SSH runs in batch mode.")
    long timeoutSeconds = GitClone.DEFAULT_TIMEOUT.toSeconds();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (timeoutSeconds <= 0) {
            throw new RtException(ErrorCode.USAGE, "--timeout: must be a positive number of seconds, found "
                    + timeoutSeconds);
        }
        if ((username == null) != (password == null)) {
            throw new RtException(ErrorCode.USAGE, "-u/--username and -p/--password go together");
        }
        ProjectLayout layout = BuildCommand.locate(config);
        if (!layout.runtime()) {
            throw new RtException(ErrorCode.USAGE, layout.file() + " is a service's configuration: rt resolve reads a"
                    + " runtime's (its services with a git url)");
        }
        Optional<GitClone.Credentials> credentials = username == null ? Optional.empty()
                : Optional.of(new GitClone.Credentials(username, password));
        PrintWriter out = spec.commandLine().getOut();
        List<ProjectService> cloned = new ArrayList<>();
        boolean failed = false;
        for (ProjectService service : layout.services()) {
            if (service.url().isEmpty()) {
                continue;
            }
            if (Files.isDirectory(service.directory()) && !isEmpty(service.directory())) {
                out.println("rt: " + service.id() + ": already resolved in " + layout.root().relativize(service.directory()));
                continue;
            }
            Optional<String> failure = GitClone.clone(service.url().get(), service.gitBranch(), service.directory(),
                    credentials, Duration.ofSeconds(timeoutSeconds), System.getenv());
            if (failure.isPresent()) {
                spec.commandLine().getErr().println("rt: " + service.id() + " (" + service.pointer() + "): cannot clone "
                        + GitCloneUrls.display(service.url().get()) + service.gitBranch().map(b -> " (branch " + b + ")")
                        .orElse("") + ": " + failure.get());
                failed = true;
                continue;
            }
            out.println("rt: " + service.id() + ": cloned " + GitCloneUrls.display(service.url().get())
                    + service.gitBranch().map(b -> " (branch " + b + ")").orElse("") + " into "
                    + layout.root().relativize(service.directory()));
            cloned.add(service);
        }
        if (failed) {
            for (ProjectService service : cloned) {
                GitClone.remove(service.directory(), layout.root());
                out.println("rt: " + service.id() + ": removed " + layout.root().relativize(service.directory())
                        + " again, since another clone failed (the configuration is left as it was)");
            }
            out.flush();
            return ExitCodes.RUNTIME_FAILURE;
        }
        if (!cloned.isEmpty()) {
            writePaths(layout, cloned, out);
        }
        out.flush();
        if (!cloned.isEmpty()) {
            ProjectLayout resolved = new ProjectLayout(layout.file(), layout.root(), true,
                    layout.resolvedServicesBasePath(), cloned);
            return InstallCommand.install(resolved, false, Optional.ofNullable(packageManager), spec.commandLine());
        }
        return ExitCodes.OK;
    }

    /**
     * Writes each cloned service's path, relative to the configuration file, into its entry: in place, keeping the
     * file's comments and layout, else by writing the file anew (said on {@code out}).
     */
    private static void writePaths(ProjectLayout layout, List<ProjectService> cloned, PrintWriter out) throws IOException {
        JsonNode tree = ConfigFiles.read(layout.file());
        boolean rewritten = false;
        for (ProjectService service : cloned) {
            for (String list : LISTS) {
                for (JsonNode entry : tree.path(list)) {
                    if (entry.path("id").asText().equals(service.id()) && !entry.has("path")) {
                        String path = layout.root().relativize(service.directory()).toString();
                        ((ObjectNode) entry).put("path", path);
                        rewritten |= ConfigEdit.addToEntry(layout.file(), tree, LISTS, service.id(), "path", path)
                                == ConfigEdit.Outcome.REWRITTEN;
                    }
                }
            }
        }
        if (rewritten) {
            out.println("rt: warning: " + layout.file() + ": a path could not be added in place, so the file was"
                    + " written anew from its content (its comments and layout are lost)");
        }
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> children = Files.list(directory)) {
            return children.findAny().isEmpty();
        }
    }

    /** How a URL is shown: without any user or password it holds. */
    static final class GitCloneUrls {
        private GitCloneUrls() {
        }

        static String display(String url) {
            return url.replaceAll("://[^/@\\s]+@", "://");
        }
    }
}
