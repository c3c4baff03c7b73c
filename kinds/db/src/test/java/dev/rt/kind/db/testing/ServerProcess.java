package dev.rt.kind.db.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the programs of a database server for the tests: one-shot commands, and the long-running server itself. */
final class ServerProcess {
    private ServerProcess() {
    }

    /** Runs a command to its end within the timeout; fails with its output when it fails. */
    static void run(List<String> command, Path output, long timeoutSeconds) {
        Process process = start(command, output);
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + timeoutSeconds
                        + " s; its output: " + tail(output));
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue()
                    + "; its output: " + tail(output));
        }
    }

    /** Starts a command with its output appended to a file. */
    static Process start(List<String> command, Path output) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command.get(0) + ": " + e.getMessage()
                    + " (run .ci/tools to install the database servers)", e);
        }
    }

    /** The last lines of a log, for a failure message. */
    static String tail(Path log) {
        try {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** The command prefix that runs a program as {@code user} when this JVM runs as root, else nothing. */
    static List<String> asUser(String user) {
        if (!isRoot()) {
            return List.of();
        }
        return new ArrayList<>(List.of("setpriv", "--reuid=" + user, "--regid=" + user, "--clear-groups"));
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Deletes a directory tree, best effort: a server's data directory after its server stopped. */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // left for mvn clean
        }
    }
}
