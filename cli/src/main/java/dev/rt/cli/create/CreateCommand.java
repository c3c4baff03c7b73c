package dev.rt.cli.create;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.project.ProjectTree;
import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import dev.rt.config.install.InstalledKind;
import dev.rt.config.install.Kinds;
import dev.rt.kind.ProjectTemplate;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rt create}: a runtime ({@code rt.json} autoloading {@code services/}, {@code .env}) with its first service, a
 * Maven project of the chosen kind, as its entrypoint. Each installed kind's template options are offered too (an
 * option of another kind than the chosen one is refused).
 */
@Command(name = "create", mixinStandardHelpOptions = true,
        description = {"Create a runtime with its first service: rt.json (services/ autoloaded, the service as"
                + " entrypoint), .env and .env.sample, .gitignore, README.md, and services/<id>/: a Maven project with"
                + " its wrapper, rt.json, a sample plugin and a test that starts the service in-process.",
                "Then: cd <dir> && rt build && rt start."})
public final class CreateCommand implements Callable<Integer> {
    @Mixin
    CreateOptions options;

    @Option(names = {"-k", "--kind"}, paramLabel = "<kind>", defaultValue = "service",
            description = "The first service's kind (default ${DEFAULT-VALUE}): ${COMPLETION-CANDIDATES}.",
            completionCandidates = CreateCommand.Templates.class)
    String kind;

    @Parameters(index = "0", arity = "0..1", paramLabel = "<kind>",
            description = "The first service's kind, as with --kind: rt create db is rt create --kind db.")
    String kindArgument;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command with every installed kind's template options added. */
    public static CommandLine commandLine() {
        CommandLine line = new CommandLine(new CreateCommand());
        for (String name : Kinds.installed().names()) {
            KindOptions.addInstalled(line.getCommandSpec(), name);
        }
        return line;
    }

    @Override
    public Integer call() throws InterruptedException {
        options.check();
        if (kindArgument != null) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--kind") && !kindArgument.equals(kind)) {
                throw new RtException(ErrorCode.USAGE, "the kind is given twice, \"" + kindArgument + "\" and --kind "
                        + kind + ": give one");
            }
            kind = kindArgument;
        }
        InstalledKind installed = ProjectCreation.kind(kind);
        ProjectTemplate template = ProjectCreation.template(installed);
        Map<String, String> kindValues = KindOptions.values(spec, kind, template.options());
        String id = ProjectCreation.id(options, Optional.empty(), template);
        Path target = options.dir != null ? options.dir : Path.of("");
        ProjectTree tree = ProjectCreation.runtime(id, options)
                .addAll(ProjectCreation.service(installed, id, options, kindValues, ProjectCreation.SERVICES_FOLDER + "/" + id));
        var out = spec.commandLine().getOut();
        ProjectCreation.write(tree, target, options, out, spec.commandLine().getErr());
        out.println("rt: the runtime's entrypoint is \"" + id + "\", a " + kind + " application in "
                + ProjectCreation.SERVICES_FOLDER + "/" + id);
        out.flush();
        int status = ProjectCreation.installIfAsked(options, target, spec.commandLine());
        if (status != ExitCodes.OK) {
            return status;
        }
        String cd = options.dir != null ? "cd " + options.dir + " && " : "";
        out.println("rt: next: " + cd + "rt build && rt start");
        return ExitCodes.OK;
    }

    /** The kinds that offer a project template, for the help text. */
    static final class Templates implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Kinds.installed().names().stream().filter(name -> Kinds.installed().find(name)
                    .map(k -> k.kind().projectTemplate().isPresent()).orElse(false)).iterator();
        }
    }
}
