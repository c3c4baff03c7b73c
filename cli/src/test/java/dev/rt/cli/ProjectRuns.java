package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rt.cli.e2e.RtProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The distribution's rt and the tools of a generated project, run to their end in a directory of a test. */
final class ProjectRuns {
    private static final Duration LIMIT = Duration.ofMinutes(6);

    private ProjectRuns() {
    }

    /** rt with {@code args} in {@code directory}; its standard output, once it exited 0 (else the test fails). */
    static String rt(Path directory, Map<String, String> env, String... args) throws Exception {
        try (RtProcess rt = RtProcess.start(directory, env, args)) {
            int status = rt.awaitExit(LIMIT);
            rt.awaitOutputEnd(Duration.ofSeconds(10));
            assertThat(status).as("rt %s\nstdout:\n%s\nstderr:\n%s", String.join(" ", args), rt.stdout(), rt.stderr())
                    .isZero();
            return rt.stdout();
        }
    }

    /** A command in {@code directory}; its output (both streams), once it exited 0 (else the test fails). */
    static String run(Path directory, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + ":\n" + output).isZero();
        return output;
    }
}
