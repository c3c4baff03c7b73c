package dev.rt.cli.build;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.ProjectLayout;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt install}: rt's artifacts into the local Maven repository, then each service's dependencies fetched by its
 * build tool, so that building and starting need no network afterwards.
 */
@Command(name = "install", mixinStandardHelpOptions = true,
        description = {"Install the dependencies of the runtime's services: rt's own Maven artifacts into the local"
                + " repository, then each service's dependencies and build plugins fetched by its Maven (dependency:"
                + "go-offline) or Gradle, so that rt build and rt start run offline afterwards."})
public final class InstallCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>", description = "The runtime (or service) configuration"
            + " file, or its directory; default: rt.json (rt.yml, ...) in the current directory.")
    Path config;

    @Option(names = {"-p", "--production"}, description = "Only what the services need at run time (Maven:"
            + " dependency:resolve with the runtime scope), not their tests' or build plugins'.")
    boolean production;

    @Option(names = {"-P", "--package-manager"}, paramLabel = "<executable>", description = "The build tool to run in"
            + " every service (a name holding gradle runs as Gradle); default: each service's packageManager, else"
            + " its mvnw or gradlew, else mvn or gradle.")
    String packageManager;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        return install(BuildCommand.locate(config), production, Optional.ofNullable(packageManager), spec.commandLine());
    }

    public static int install(ProjectLayout layout, boolean production, Optional<String> packageManager, CommandLine command)
            throws InterruptedException {
        var out = command.getOut();
        out.println("rt: installing the dependencies of " + BuildCommand.describe(layout));
        out.flush();
        ServiceToolRuns.publishArtifacts(layout, out);
        if (!ServiceToolRuns.run(layout, "installed", packageManager, tool -> tool.install(production), out,
                command.getErr())) {
            command.getErr().println("rt: installing the dependencies failed (see above)");
            return ExitCodes.RUNTIME_FAILURE;
        }
        return ExitCodes.OK;
    }
}
