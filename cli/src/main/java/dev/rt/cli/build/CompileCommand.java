package dev.rt.cli.build;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.cli.project.ProjectService;
import dev.rt.cli.project.SourceCompiler;
import dev.rt.config.install.Kinds;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt compile} (every service of the runtime) and {@code rt <kind> compile} (the application in the current
 * directory, or {@code -c}): the plugin sources ({@code src/main/java}) compiled in this JVM by the JDK's compiler
 * into {@code target/classes}, resources copied, against the kind's jars. No Maven or Gradle: {@code rt build} runs
 * those. With {@code --clean}, {@code target/classes} is emptied first.
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Compile the plugin sources (src/main/java) of the application, or of every service of a"
                + " runtime, into target/classes with the JDK's compiler, in-process; src/main/resources is copied"
                + " beside. rt build runs the services' own Maven or Gradle builds instead.",
                "Without -c, the configuration in the current directory."})
public final class CompileCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>",
            description = "The application's (or the runtime's) configuration file, or its directory.")
    Path config;

    @Option(names = "--clean", description = "Empty target/classes first.")
    boolean clean;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        ProjectLayout layout = BuildCommand.locate(config);
        List<ProjectService> withSources = layout.services().stream()
                .filter(service -> SourceCompiler.hasSources(service.directory())).toList();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (withSources.isEmpty()) {
            err.println("rt: nothing to compile: no " + SourceCompiler.SOURCES + " in "
                    + (layout.runtime() ? "any service of " + layout.file() : layout.root()));
            return ExitCodes.USAGE;
        }
        boolean failed = false;
        for (ProjectService service : withSources) {
            failed |= !compile(service, clean, out, err);
        }
        return failed ? ExitCodes.RUNTIME_FAILURE : ExitCodes.OK;
    }

    /** Compiles one service's sources, printing one line (and javac's messages); whether it compiled. */
    public static boolean compile(ProjectService service, boolean clean, PrintWriter out, PrintWriter err) {
        List<Path> classPath = service.kind().flatMap(kind -> Kinds.installed().find(kind))
                .map(installed -> installed.jars()).orElse(List.of());
        long start = System.nanoTime();
        SourceCompiler.Result result = SourceCompiler.compile(service.directory(), classPath, clean);
        String took = String.format(Locale.ROOT, "%d ms", (System.nanoTime() - start) / 1_000_000);
        if (result.succeeded()) {
            out.println("rt: " + service.id() + ": compiled " + result.sources() + " source file"
                    + (result.sources() == 1 ? "" : "s") + " into " + SourceCompiler.OUTPUT + " in " + took);
        } else {
            err.println("rt: " + service.id() + ": compilation failed (" + service.directory() + "):");
        }
        result.messages().lines().forEach(line -> (result.succeeded() ? out : err).println("  " + line));
        out.flush();
        err.flush();
        return result.succeeded();
    }
}
