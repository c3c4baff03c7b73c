package dev.rt.cli.build;

import dev.rt.cli.image.ImageOptions;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.ProjectLayout;
import dev.rt.config.RuntimeConfigLoader;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt build}: every service of the runtime built with its own build tool (Maven {@code package} or Gradle
 * {@code build}, tests skipped), in dependency order, independent services together; one line per service, and the
 * output of any that failed.
 */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = {"Build every service of the runtime with its own build tool: Maven (package) or Gradle (build),"
                + " tests skipped; in dependency order, independent services in parallel.",
                "Puts rt's Maven artifacts into the local repository first. Exit status 1 when a build fails."})
public final class BuildCommand implements Callable<Integer> {
    @Option(names = {"-c", "--config"}, paramLabel = "<path>", description = "The runtime (or service) configuration"
            + " file, or its directory; default: rt.json (rt.yml, ...) in the current directory.")
    Path config;

    @Option(names = {"-P", "--package-manager"}, paramLabel = "<executable>", description = "The build tool to run in"
            + " every service (a name holding gradle runs as Gradle); default: each service's packageManager, else"
            + " its mvnw or gradlew, else mvn or gradle.")
    String packageManager;

    @Option(names = "--clean", description = "Remove each service's build output first.")
    boolean clean;

    @Option(names = "--no-services", negatable = true, defaultValue = "true", description = "With --image: build only"
            + " the image, from the services' files as they are.")
    boolean services;

    @CommandLine.Mixin
    ImageOptions image;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException, IOException {
        boolean withImage = image.requested();
        if (!services && !withImage) {
            throw new RtException(ErrorCode.USAGE, "--no-services goes with --image");
        }
        ProjectLayout layout = locate(config);
        var out = spec.commandLine().getOut();
        if (services) {
            out.println("rt: building " + describe(layout));
            out.flush();
            ServiceToolRuns.publishArtifacts(layout, out);
            if (!ServiceToolRuns.run(layout, "built", Optional.ofNullable(packageManager), tool -> tool.build(clean), out,
                    spec.commandLine().getErr())) {
                spec.commandLine().getErr().println("rt: the build failed (see above)");
                return ExitCodes.RUNTIME_FAILURE;
            }
        }
        if (withImage) {
            Path cwd = Path.of("").toAbsolutePath();
            image.build(new RuntimeConfigLoader(System.getenv(), cwd).load(Optional.ofNullable(config)), out);
        }
        return ExitCodes.OK;
    }

    static ProjectLayout locate(Path config) {
        Path cwd = Path.of("").toAbsolutePath();
        return ProjectLayout.read(new RuntimeConfigLoader(System.getenv(), cwd).locate(Optional.ofNullable(config)));
    }

    static String describe(ProjectLayout layout) {
        return layout.services().size() + (layout.services().size() == 1 ? " service: " : " services: ")
                + layout.services().stream().map(s -> s.id()).collect(Collectors.joining(", "));
    }
}
