package dev.rt.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The distribution's {@code rt} run as a command, as a user runs it; and where the tests' files go. */
final class Rt {
    /** The distribution (cli/target/rt). */
    static final Path HOME = Path.of(System.getProperty("rt.distribution", "../cli/target/rt")).toAbsolutePath();
    /** This module's target/. */
    static final Path WORK = Path.of(System.getProperty("rt.deploy.work", "target")).toAbsolutePath();
    /**
     * The caches of every rt the tests run (Jib's base-image layers, bin/rt's class-data archive), under target/ as on
     * a fresh CI machine: nothing left in the user's cache by an earlier run hides what a build costs.
     */
    static final Map<String, String> CACHES = Map.of("XDG_CACHE_HOME", WORK.resolve("cache").toString());
    /** The repository's testdata/. */
    static final Path TESTDATA = HOME.resolve("../../../testdata").normalize();

    /** What a command printed, and its exit status. */
    record Result(int status, String out, String err) {
        Result assertOk() {
            if (status != 0) {
                throw new AssertionError("exit status " + status + "\n" + out + err);
            }
            return this;
        }
    }

    private Rt() {
    }

    /** Runs {@code rt <args>} in {@code directory}, for at most {@code limit}. */
    static Result run(Path directory, Duration limit, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(HOME.resolve("bin/rt").toString()));
        command.addAll(List.of(args));
        return Commands.run(directory, limit, command, CACHES);
    }

    /** Runs a program, for at most {@code limit}; its output is kept in files, so it never blocks on a pipe. */
    static final class Commands {
        private Commands() {
        }

        static Result run(Path directory, Duration limit, List<String> command) throws IOException, InterruptedException {
            return run(directory, limit, command, Map.of());
        }

        static Result run(Path directory, Duration limit, List<String> command, Map<String, String> env)
                throws IOException, InterruptedException {
            Path out = Files.createTempFile(WORK, "out", ".txt");
            Path err = Files.createTempFile(WORK, "err", ".txt");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                        .redirectOutput(out.toFile()).redirectError(err.toFile());
                builder.environment().putAll(env);
                Process process = builder.start();
                if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor();
                    throw new AssertionError(String.join(" ", command) + " still running after " + limit + "\n"
                            + Files.readString(out) + Files.readString(err));
                }
                return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        }
    }
}
