package dev.rt.cli;

import dev.rt.cli.admin.AdminCommand;
import dev.rt.cli.build.BuildCommand;
import dev.rt.cli.build.ClientCommand;
import dev.rt.cli.build.CompileCommand;
import dev.rt.cli.build.InstallCommand;
import dev.rt.cli.build.ResolveCommand;
import dev.rt.cli.build.SchemaCommand;
import dev.rt.cli.build.UpgradeCommand;
import dev.rt.cli.create.CreateCommand;
import dev.rt.cli.ctl.CtlCommand;
import dev.rt.cli.ctl.InjectCommand;
import dev.rt.cli.ctl.LogsCommand;
import dev.rt.cli.ctl.PsCommand;
import dev.rt.cli.deploy.DeployCommand;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.start.StartCommand;
import dev.rt.config.error.RtException;
import dev.rt.config.install.ConfigKind;
import dev.rt.supervisor.RtVersion;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt}: the top-level command. */
@Command(name = "rt",
        mixinStandardHelpOptions = true,
        versionProvider = RtCommand.Version.class,
        description = "Runs several JVM HTTP services as one supervised unit: one public entrypoint, "
                + "http://<id>.rt.local between services, restarts, logs.",
        footer = {"", "Exit status: 0 ok, 1 runtime failure, 2 bad command line, 3 configuration error, "
                + "4 a service or server could not start, 5 no matching running runtime (or it cannot be reached)."})
final class RtCommand implements Runnable {
    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces with errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The subcommands, added in code rather than in {@code subcommands}: picocli builds every listed command's
     * model up front (reflection over each class, ~6 ms apiece, interpreted; ctl has 12), so a command named
     * first is built without its siblings: {@code rt ps} (bench/ps.sh) and {@code rt start} (bench/startup.sh)
     * build only themselves. {@code rt}, {@code rt help ...} and anything unknown get the whole tree.
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();
    private static final Set<String> VERSION_OPTIONS = Set.of("-V", "--version");

    /** The whole command tree. */
    static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /** The command tree for these arguments: a command named first comes without its siblings. */
    static CommandLine commandLine(String[] args) {
        CommandLine commandLine = new CommandLine(new RtCommand());
        String first = args.length > 0 ? args[0] : "";
        if (SUBCOMMANDS.containsKey(first) && !first.equals("help")) {
            commandLine.addSubcommand(first, SUBCOMMANDS.get(first).get());
        } else if (!VERSION_OPTIONS.contains(first)) { // --version needs no command
            // The kinds' groups (rt java, rt service, ...): a kind named first comes alone, as its jars are
            // opened for its commands; help and unknown words get every group.
            List<String> kinds = ConfigKind.applicationKeys();
            if (kinds.contains(first)) {
                commandLine.addSubcommand(first, KindCommands.group(first));
            } else {
                SUBCOMMANDS.forEach((name, command) -> commandLine.addSubcommand(name, command.get()));
                kinds.forEach(kind -> commandLine.addSubcommand(kind, KindCommands.group(kind)));
            }
        }
        helpInEveryGroup(commandLine);
        commandLine.setExecutionExceptionHandler(RtCommand::handle);
        return commandLine;
    }

    /**
     * Gives every command that groups others a {@code help} command, at every depth, so that {@code rt <group> help}
     * and {@code rt <group> help <command>} answer whichever group a kind or a later change adds.
     */
    private static void helpInEveryGroup(CommandLine command) {
        if (command.getSubcommands().isEmpty()) {
            return;
        }
        if (!command.getSubcommands().containsKey("help")) {
            command.addSubcommand("help", new CommandLine.HelpCommand());
        }
        new LinkedHashSet<>(command.getSubcommands().values()).forEach(RtCommand::helpInEveryGroup);
    }

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
        commands.put("start", StartCommand::new);
        commands.put("schema", SchemaCommand::new);
        commands.put("upgrade", UpgradeCommand::new);
        commands.put("help", CommandLine.HelpCommand::new);
        commands.put("ps", PsCommand::new);
        commands.put("ctl", CtlCommand::new);
        commands.put("logs", LogsCommand::new);
        commands.put("admin", AdminCommand::new);
        commands.put("inject", InjectCommand::new);
        commands.put("create", CreateCommand::commandLine);
        commands.put("build", BuildCommand::new);
        commands.put("install", InstallCommand::new);
        commands.put("compile", CompileCommand::new);
        commands.put("resolve", ResolveCommand::new);
        commands.put("client", ClientCommand::new);
        commands.put("deploy", DeployCommand::new);
        commands.put("runtime", RuntimeCommands::group);
        return commands;
    }

    private static int handle(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        boolean verbose = parseResult.hasMatchedOption("--verbose")
                || parseResult.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
        var err = commandLine.getErr();
        if (e instanceof RtException rt) {
            rt.getMessage().lines().forEach(line -> err.println("rt: " + line));
            if (verbose) {
                rt.printStackTrace(err);
            }
            err.flush();
            return rt.errorCode().exitCategory().status();
        }
        if (e instanceof java.io.IOException io) {
            err.println("rt: cannot reach the runtime: " + io.getMessage());
            err.flush();
            return ExitCodes.NO_RUNTIME;
        }
        err.println("rt: internal error: " + e + (verbose ? "" : " (run with --verbose for the stack trace)"));
        if (verbose) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.RUNTIME_FAILURE;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"rt " + RtVersion.get() + " (Java " + System.getProperty("java.version") + ")"};
        }
    }
}
