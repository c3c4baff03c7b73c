package dev.rt.cli;

import dev.rt.cli.build.CompileCommand;
import dev.rt.cli.build.SchemaCommand;
import dev.rt.cli.create.KindCreateCommand;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.start.StartCommand;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.install.Kinds;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * The command group of each application kind ({@code rt service ...}, {@code rt db ...}, one per kind rt knows):
 * the same for every kind, {@code start} (the application in the current directory, or {@code -c}, as a one-service
 * runtime: {@code rt start} with a service file), {@code compile [--clean]} (its plugins, built with its Maven or
 * Gradle build) and {@code schema config} (that kind's configuration schema), then the commands an installed kind
 * brings ({@link dev.rt.kind.Kind#commands()}).
 */
final class KindCommands {
    private KindCommands() {
    }

    /** {@code rt <kind>}, with {@code start}, {@code compile}, {@code schema config} and the kind's own below it. */
    static CommandLine group(String kind) {
        CommandLine config = new CommandLine(new SchemaConfig(new ConfigKind(kind)));
        config.getCommandSpec().usageMessage().description("Print the JSON Schema of a " + kind
                + " application's configuration file.");
        CommandLine schema = new CommandLine(new Group());
        schema.getCommandSpec().usageMessage().description("Schemas of the " + kind + " kind.");
        schema.addSubcommand("config", config);
        CommandLine group = new CommandLine(new Group());
        group.getCommandSpec().usageMessage().description("Commands of the " + kind + " application kind.");
        group.addSubcommand("create", KindCreateCommand.commandLine(kind));
        group.addSubcommand("start", new CommandLine(new StartCommand()));
        group.addSubcommand("compile", new CommandLine(new CompileCommand()));
        group.addSubcommand("schema", schema);
        Kinds.installed().find(kind).ifPresent(installed -> installed.kind().commands()
                .forEach(command -> add(group, schema, command)));
        return group;
    }

    /**
     * Adds a kind's command to its group; a command named {@code schema} ({@code rt db schema graphql}) adds its
     * subcommands beside {@code schema config} instead of replacing it.
     */
    static void add(CommandLine group, CommandLine schema, Object command) {
        CommandLine line = command instanceof CommandLine given ? given : new CommandLine(command);
        if (line.getCommandName().equals("schema")) {
            line.getSubcommands().forEach(schema::addSubcommand);
        } else {
            group.addSubcommand(line);
        }
    }

    /** A command that only groups others. */
    @Command(mixinStandardHelpOptions = true)
    static final class Group {
    }

    @Command(mixinStandardHelpOptions = true)
    static final class SchemaConfig implements Callable<Integer> {
        private final ConfigKind kind;

        @Spec
        CommandLine.Model.CommandSpec spec;

        SchemaConfig(ConfigKind kind) {
            this.kind = kind;
        }

        @Override
        public Integer call() throws Exception {
            SchemaCommand.print(spec, kind);
            return ExitCodes.OK;
        }
    }
}
