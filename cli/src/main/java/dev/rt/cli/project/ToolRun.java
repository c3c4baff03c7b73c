package dev.rt.cli.project;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One run of a build tool in a service's directory, its output (standard output and error together) kept. */
public record ToolRun(List<String> command, int status, String output, long millis) {

    public boolean succeeded() {
        return status == 0;
    }

    /** Runs {@code command} in {@code directory} with these extra environment variables, reading all it prints. */
    public static ToolRun run(List<String> command, Path directory, Map<String, String> env) throws InterruptedException {
        long start = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new ToolRun(command, 127, "cannot run " + command.get(0) + ": " + e.getMessage() + "\n",
                    (System.nanoTime() - start) / 1_000_000);
        }
        try {
            process.getOutputStream().close();
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            try (InputStream in = process.getInputStream()) {
                in.transferTo(output);
            }
            int status = process.waitFor();
            return new ToolRun(command, status, output.toString(StandardCharsets.UTF_8), (System.nanoTime() - start) / 1_000_000);
        } catch (IOException e) {
            return new ToolRun(command, 1, "reading the output of " + command.get(0) + " failed: " + e.getMessage() + "\n",
                    (System.nanoTime() - start) / 1_000_000);
        } finally {
            if (process.isAlive()) { // interrupted: no build left running behind rt
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
            }
        }
    }
}
