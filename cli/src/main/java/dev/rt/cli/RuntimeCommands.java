package dev.rt.cli;

import dev.rt.cli.build.CompileCommand;
import dev.rt.cli.start.StartCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code rt runtime}: {@code start} and {@code compile} (the same as {@code rt start} and {@code rt compile}) and
 * {@code help}. {@code rt runtime start} takes the optional routes file of its command line, which it refuses: routes
 * on the JVM are a service's, added by a plugin or a {@code java} application, not a file handed to the runtime.
 */
final class RuntimeCommands {
    private RuntimeCommands() {
    }

    static CommandLine group() {
        CommandLine group = new CommandLine(new KindCommands.Group());
        group.getCommandSpec().usageMessage().description("Commands of the runtime: start (rt start), compile"
                + " (rt compile).");
        CommandSpec start = CommandSpec.forAnnotatedObject(new StartCommand());
        start.addPositional(PositionalParamSpec.builder().index("0").arity("0..1").paramLabel("<routes>")
                .type(String.class).description("Refused: a routes file has no meaning on the JVM; routes belong to a"
                        + " service (rt service create writes one with a sample route).")
                .setter(new RefusedRoutes(start)).build());
        group.addSubcommand("start", new CommandLine(start));
        group.addSubcommand("compile", new CommandLine(new CompileCommand()));
        group.addSubcommand("help", new CommandLine.HelpCommand());
        return group;
    }

    /** Stops the command line's parsing, with the reason, when a routes file is given. */
    private record RefusedRoutes(CommandSpec spec) implements CommandLine.Model.ISetter {
        @Override
        public <T> T set(T value) {
            if (value == null) {
                return null;
            }
            throw new CommandLine.ParameterException(spec.commandLine(), "rt runtime start: a routes file (\"" + value
                    + "\") has no meaning on the JVM: routes are served by a service; add one with rt service create"
                    + " and start them all with rt runtime start (or rt start)");
        }
    }
}
