package dev.rt.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt <kind> compile [--clean]}: builds an application's plugins the way JVM projects are built, with the build
 * tool its directory uses: Maven ({@code pom.xml}; its {@code mvnw} when it has one) runs {@code package}, Gradle
 * ({@code build.gradle} or {@code build.gradle.kts}; its {@code gradlew} when it has one) runs {@code build}; with
 * {@code --clean}, the output directory is removed first ({@code clean package}, {@code clean build}). Tests are
 * skipped: this compiles. The tool's output goes to the terminal; its exit status is rt's.
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Build the application's plugins with its own build tool: Maven (package) or Gradle (build).",
                "Without -c, the application in the current directory."})
final class CompileCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>",
            description = "The application's configuration file, or its directory.")
    Path config;

    @Option(names = "--clean", description = "Remove the build output first.")
    boolean clean;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path target = config == null ? Path.of("").toAbsolutePath() : config.toAbsolutePath();
        Path directory = Files.isDirectory(target) ? target : target.getParent();
        List<String> command = command(directory);
        if (command.isEmpty()) {
            spec.commandLine().getErr().println("rt: " + directory + " has no pom.xml, build.gradle or build.gradle.kts;"
                    + " add a Maven or Gradle build for the plugins, or build them your own way into the paths the"
                    + " configuration names");
            return ExitCodes.USAGE;
        }
        spec.commandLine().getErr().println("rt: compiling in " + directory + ": " + String.join(" ", command));
        Process build = new ProcessBuilder(command).directory(directory.toFile()).inheritIO().start();
        int status = build.waitFor();
        if (status != 0) {
            spec.commandLine().getErr().println("rt: the build failed (exit status " + status + "); see its output above");
            return ExitCodes.RUNTIME_FAILURE;
        }
        return ExitCodes.OK;
    }

    private List<String> command(Path directory) {
        List<String> command = new ArrayList<>();
        if (Files.isRegularFile(directory.resolve("pom.xml"))) {
            command.add(Files.isExecutable(directory.resolve("mvnw")) ? directory.resolve("mvnw").toString() : "mvn");
            command.addAll(List.of("-B", "-q", "-DskipTests"));
            if (clean) {
                command.add("clean");
            }
            command.add("package");
        } else if (Files.isRegularFile(directory.resolve("build.gradle"))
                || Files.isRegularFile(directory.resolve("build.gradle.kts"))) {
            command.add(Files.isExecutable(directory.resolve("gradlew")) ? directory.resolve("gradlew").toString() : "gradle");
            command.addAll(List.of("-q", "-x", "test"));
            if (clean) {
                command.add("clean");
            }
            command.add("build");
        }
        return command;
    }
}
