package dev.rt.supervisor.proxy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the real {@code curl} (always on the test machines) and gives its exit status and output. */
final class Curl {

    /** What one run printed: with {@code -w}, the write-out follows the body on stdout. */
    record Result(int exit, String out, String err) {
    }

    private Curl() {
    }

    static Result run(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "--max-time", "20"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("curl did not end: " + command);
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }
}
