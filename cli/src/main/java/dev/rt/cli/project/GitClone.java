package dev.rt.cli.project;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Clones a service's repository into its directory, all or nothing: into a hidden directory beside it first, moved
 * into place once complete. Credentials reach git through {@code GIT_ASKPASS} (a script that prints two environment
 * variables of the git process): never in a command line, a file, the repository's configuration or a message. Git
 * never waits for a person ({@link GitEnvironment}: no terminal prompt, SSH in batch mode, no standard input), a
 * transfer slower than 1 KB/s for a minute fails, and a clone that outlasts its timeout is stopped with every process
 * it started.
 */
public final class GitClone {
    /** The default of {@code rt resolve --timeout}: long enough for a large repository on a slow line. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    private GitClone() {
    }

    /** Credentials for an HTTP(S) remote. */
    public record Credentials(String username, String password) {
        @Override
        public String toString() {
            return "Credentials[username=" + username + ", password=***]";
        }
    }

    /**
     * Clones {@code url} (its {@code branch} when given) into {@code directory}, which must not exist.
     *
     * @param timeout     how long the whole clone may take
     * @param environment the environment git starts from (the process's own, in rt), made non-interactive
     * @return empty when it worked, else git's complaint with any credential removed
     */
    public static Optional<String> clone(String url, Optional<String> branch, Path directory,
            Optional<Credentials> credentials, Duration timeout, Map<String, String> environment)
            throws IOException, InterruptedException {
        Path parent = directory.getParent();
        boolean madeParent = !Files.exists(parent);
        Files.createDirectories(parent);
        Path stage = Files.createTempDirectory(parent, ".rt-resolve-");
        boolean cloned = false;
        Path askPass = null;
        try {
            List<String> command = new ArrayList<>(List.of("git", "-c", "credential.helper=", "-c",
                    "core.askPass=", "-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=60", "clone", "--quiet"));
            branch.ifPresent(b -> command.addAll(List.of("--branch", b)));
            command.addAll(List.of("--", url, stage.resolve("repository").toString()));
            Path log = stage.resolve("git.log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(log.toFile());
            Map<String, String> env = builder.environment();
            env.clear();
            env.putAll(GitEnvironment.of(environment));
            if (credentials.isPresent()) {
                askPass = Files.createTempFile("rt-askpass-", ".sh",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                Files.writeString(askPass, "#!/bin/sh\ncase \"$1\" in\n  Username*) printf '%s\\n' \"$RT_GIT_USERNAME\" ;;\n"
                        + "  *) printf '%s\\n' \"$RT_GIT_PASSWORD\" ;;\nesac\n");
                env.put("GIT_ASKPASS", askPass.toString());
                env.put("RT_GIT_USERNAME", credentials.get().username());
                env.put("RT_GIT_PASSWORD", credentials.get().password());
            }
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                return Optional.of("git did not finish within " + timeout.toSeconds() + " s (rt resolve --timeout"
                        + " <seconds> gives it longer), and was stopped");
            }
            if (process.exitValue() != 0) {
                return Optional.of(scrub(Files.readString(log).strip(), credentials));
            }
            Files.move(stage.resolve("repository"), directory, StandardCopyOption.ATOMIC_MOVE);
            cloned = true;
            return Optional.empty();
        } finally {
            if (askPass != null) {
                Files.deleteIfExists(askPass);
            }
            delete(stage);
            if (madeParent && !cloned) {
                delete(parent);
            }
        }
    }

    /** Removes a clone made by {@link #clone}, and the directories above it, up to {@code root}, that it leaves empty. */
    public static void remove(Path directory, Path root) throws IOException {
        delete(directory);
        for (Path parent = directory.getParent(); parent != null && parent.startsWith(root) && !parent.equals(root);
                parent = parent.getParent()) {
            try (Stream<Path> children = Files.list(parent)) {
                if (children.findAny().isPresent()) {
                    return;
                }
            }
            Files.delete(parent);
        }
    }

    /** Stops git and what it started (ssh, a remote helper), children first, and waits for them to end. */
    private static void stop(Process process) throws InterruptedException {
        List<ProcessHandle> started = process.descendants().toList();
        started.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        for (ProcessHandle child : started) {
            try {
                child.onExit().get(10, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // it ends on SIGKILL; the directory is removed whatever it does
            }
        }
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private static String scrub(String text, Optional<Credentials> credentials) {
        String scrubbed = text.replaceAll("://[^/@\\s]+@", "://***@");
        if (credentials.isPresent() && !credentials.get().password().isEmpty()) {
            scrubbed = scrubbed.replace(credentials.get().password(), "***");
        }
        return scrubbed;
    }

    private static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
