package dev.rt.cli.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Clones a service's repository into its directory, all or nothing: into a hidden directory beside it first, moved
 * into place once complete. Credentials reach git through {@code GIT_ASKPASS} (a script that prints two environment
 * variables of the git process): never in a command line, a file, the repository's configuration or a message.
 */
public final class GitClone {
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
     * @return empty when it worked, else git's complaint with any credential removed
     */
    public static Optional<String> clone(String url, Optional<String> branch, Path directory,
            Optional<Credentials> credentials) throws IOException, InterruptedException {
        Path parent = directory.getParent();
        boolean madeParent = !Files.exists(parent);
        Files.createDirectories(parent);
        Path stage = Files.createTempDirectory(parent, ".rt-resolve-");
        boolean cloned = false;
        Path askPass = null;
        try {
            List<String> command = new ArrayList<>(List.of("git", "-c", "credential.helper=", "-c",
                    "core.askPass=", "clone", "--quiet"));
            branch.ifPresent(b -> command.addAll(List.of("--branch", b)));
            command.addAll(List.of("--", url, stage.resolve("repository").toString()));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            Map<String, String> env = builder.environment();
            env.put("GIT_TERMINAL_PROMPT", "0");
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
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                return Optional.of(scrub(output.strip(), credentials));
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
