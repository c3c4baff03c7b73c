package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Node and the TypeScript compiler for the browser clients' tests: node from the machine (.ci/tools installs it),
 * typescript installed with npm once into cli/target/ts-tools.
 */
final class NodeTools {
    static final String TYPESCRIPT = "5.9.3";

    private NodeTools() {
    }

    static Path tsc() throws Exception {
        Path tools = Path.of(System.getProperty("rt.cli.jar")).getParent().getParent().getParent().resolve("ts-tools");
        Path tsc = tools.resolve("node_modules/typescript/bin/tsc");
        if (!Files.isRegularFile(tsc)) {
            Files.createDirectories(tools);
            run(tools, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", tools.toString(),
                    "typescript@" + TYPESCRIPT);
        }
        return tsc;
    }

    /** Runs a command to its end and returns its output; a non-zero status fails the test with that output. */
    static String run(Path directory, String... command) throws Exception {
        Process process = new ProcessBuilder(List.of(command)).directory(directory.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
        return output;
    }

    static String node(Path directory, String script) throws Exception {
        return run(directory, "node", script);
    }

    /** tsc with the given options and files. */
    static String tsc(Path directory, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("node", tsc().toString()));
        command.addAll(List.of(arguments));
        return run(directory, command.toArray(String[]::new));
    }
}
