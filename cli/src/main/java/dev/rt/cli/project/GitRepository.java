package dev.rt.cli.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** A new project's git repository: {@code git init}, then a first commit of everything not ignored. */
public final class GitRepository {
    private GitRepository() {
    }

    /**
     * Makes {@code directory} a repository with one commit, unless it already lies inside a work tree (a service added
     * to a runtime that is one: its files are left for that repository's next commit).
     *
     * @return what happened, for the user; empty when all went as asked
     */
    public static Optional<String> initialize(Path directory) throws InterruptedException {
        try {
            if (run(directory, List.of("git", "rev-parse", "--is-inside-work-tree")).status == 0) {
                return Optional.of("left the files for the git repository " + directory + " is already in to commit");
            }
            for (List<String> command : List.of(List.of("git", "init", "-q"), List.of("git", "add", "-A"))) {
                Result result = run(directory, command);
                if (result.status != 0) {
                    return Optional.of("git " + command.get(1) + " failed: " + result.output.strip());
                }
            }
            List<String> commit = new ArrayList<>(List.of("git"));
            if (run(directory, List.of("git", "config", "user.email")).status != 0) {
                // no identity configured: commit as rt rather than fail; `git commit --amend --reset-author` fixes it
                commit.addAll(List.of("-c", "user.name=rt create", "-c", "user.email=rt@localhost"));
            }
            commit.addAll(List.of("commit", "-q", "-m", "A new rt project"));
            Result committed = run(directory, commit);
            return committed.status == 0 ? Optional.empty()
                    : Optional.of("git commit failed: " + committed.output.strip());
        } catch (IOException e) {
            return Optional.of("git is not available (" + e.getMessage() + "): no repository was made");
        }
    }

    private record Result(int status, String output) {
    }

    private static Result run(Path directory, List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Result(-1, String.join(" ", command) + " did not finish within 60 s");
        }
        return new Result(process.exitValue(), output);
    }
}
