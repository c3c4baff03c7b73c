package dev.rt.cli.build;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.output.ExitCodes;
import dev.rt.config.install.ConfigKind;
import dev.rt.config.schema.SchemaCatalog;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rt schema config [kind]}: prints the JSON Schema that validation uses. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Print a JSON Schema of rt's configuration.",
        subcommands = SchemaCommand.Config.class)
public final class SchemaCommand {

    @Command(name = "config", mixinStandardHelpOptions = true,
            description = {"Print the JSON Schema that rt validates configuration files against.",
                    "Without a kind: the runtime configuration (rt.json); with one, a service's own file of that kind."})
    static final class Config implements Callable<Integer> {
        @Parameters(index = "0", defaultValue = "runtime", paramLabel = "<kind>",
                description = "runtime (default) or an application kind: ${COMPLETION-CANDIDATES}.",
                completionCandidates = Kinds.class)
        String kind;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            ConfigKind configKind = ConfigKind.of(kind).orElseThrow(() -> new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "unknown kind \"" + kind + "\"; use runtime, "
                            + String.join(", ", ConfigKind.applicationKeys())));
            print(spec, configKind);
            return ExitCodes.OK;
        }
    }

    /** The application kinds rt knows, for the help text. */
    static final class Kinds implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return ConfigKind.applicationKeys().iterator();
        }
    }

    public static void print(picocli.CommandLine.Model.CommandSpec spec, ConfigKind kind) throws Exception {
        spec.commandLine().getOut().println(new ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(SchemaCatalog.get().document(kind)));
        spec.commandLine().getOut().flush();
    }
}
