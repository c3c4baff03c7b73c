package dev.rt.cli.create;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.ProjectTree;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.InstalledKind;
import dev.rt.config.read.ConfigFiles;
import dev.rt.kind.ProjectTemplate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code rt <kind> create}: one application of that kind, from the kind's own project template: in a runtime's
 * directory, it goes into the folder the runtime autoloads ({@code services/<id>}), where {@code rt start} finds it.
 */
@Command(name = "create", mixinStandardHelpOptions = true)
public final class KindCreateCommand implements Callable<Integer> {
    /** A template option that, true, makes the new application its runtime's entrypoint (the gateway's). */
    static final String ENTRYPOINT = "entrypoint";

    private final String kind;

    @Mixin
    CreateOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private KindCreateCommand(String kind) {
        this.kind = kind;
    }

    /** The command for {@code kind}, with its template's options when the kind is installed. */
    public static CommandLine commandLine(String kind) {
        CommandLine line = new CommandLine(new KindCreateCommand(kind));
        line.getCommandSpec().usageMessage().description("Create a " + kind + " application: a Maven project with its"
                + " wrapper, rt.json, .env and .env.sample, .gitignore, a sample and a test that starts it in-process."
                + " Inside a runtime's directory it goes to the runtime's autoload folder (services/<id>).");
        KindOptions.addInstalled(line.getCommandSpec(), kind);
        return line;
    }

    @Override
    public Integer call() throws InterruptedException {
        options.check();
        InstalledKind installed = ProjectCreation.kind(kind);
        ProjectTemplate template = ProjectCreation.template(installed);
        Map<String, String> kindValues = KindOptions.values(spec, kind, template.options());
        Optional<Path> autoload = options.dir == null ? autoloadFolder(Path.of("").toAbsolutePath()) : Optional.empty();
        String id = ProjectCreation.id(options, Optional.ofNullable(options.dir)
                .or(() -> autoload.isPresent() ? Optional.empty() : Optional.of(Path.of("").toAbsolutePath())), template);
        Path target = options.dir != null ? options.dir : autoload.map(folder -> folder.resolve(id)).orElse(Path.of(""));
        ProjectTree tree = ProjectCreation.service(installed, id, options, kindValues, "");
        if (autoload.isEmpty()) {
            tree = StandaloneListener.add(tree, options.hostname, options.port);
        } else {
            for (String option : new String[] {"--port", "--hostname"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new RtException(ErrorCode.USAGE, option + ": the application joins the runtime in "
                            + autoload.get().getParent() + ", which listens where its own .env says: set it there");
                }
            }
        }
        var out = spec.commandLine().getOut();
        ProjectCreation.write(tree, target, options, out, spec.commandLine().getErr());
        out.println("rt: created the " + kind + " application \"" + id + "\""
                + autoload.map(folder -> ", which the runtime in " + folder.getParent() + " starts with the others")
                        .orElse(""));
        if (autoload.isPresent() && "true".equals(kindValues.get(ENTRYPOINT))) {
            Path runtime = autoload.get().getParent();
            RuntimeEntrypoint.set(runtime, id).ifPresentOrElse(
                    file -> out.println("rt: \"" + id + "\" is now the runtime's entrypoint (" + file + ")"),
                    () -> spec.commandLine().getErr().println("rt: warning: the runtime in " + runtime + " names no"
                            + " entrypoint to replace: set \"entrypoint\" to \"" + id + "\" to make it one"));
        }
        out.flush();
        int status = ProjectCreation.installIfAsked(options, target, spec.commandLine());
        if (status != ExitCodes.OK) {
            return status;
        }
        return ExitCodes.OK;
    }

    /** The folder the runtime configuration in {@code directory} autoloads, when there is one. */
    public static Optional<Path> autoloadFolder(Path directory) {
        for (String name : ConfigFiles.LOOKUP_ORDER) {
            Path file = directory.resolve(name);
            if (Files.isRegularFile(file)) {
                try {
                    JsonNode path = ConfigFiles.read(file).path("autoload").path("path");
                    return path.isTextual() ? Optional.of(directory.resolve(path.asText()).normalize()) : Optional.empty();
                } catch (RtException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }
}
