package dev.rt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.supervisor.config.ConfigKind;
import dev.rt.supervisor.config.SchemaCatalog;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rt schema config [kind]}: prints the JSON Schema that validation uses. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Print a JSON Schema of rt's configuration.",
        subcommands = SchemaCommand.Config.class)
final class SchemaCommand {

    @Command(name = "config", mixinStandardHelpOptions = true,
            description = {"Print the JSON Schema that rt validates configuration files against.",
                    "Without a kind: the runtime configuration (rt.json). Kinds: runtime, java, service, db, gateway, composer."})
    static final class Config implements Callable<Integer> {
        @Parameters(index = "0", defaultValue = "runtime", paramLabel = "<kind>",
                description = "runtime (default), java, service, db, gateway or composer.")
        String kind;

        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            ConfigKind configKind = ConfigKind.of(kind).orElseThrow(() -> new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "unknown kind \"" + kind + "\"; use runtime, java, service, db, gateway or composer"));
            print(spec, configKind);
            return ExitCodes.OK;
        }
    }

    static void print(picocli.CommandLine.Model.CommandSpec spec, ConfigKind kind) throws Exception {
        spec.commandLine().getOut().println(new ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(SchemaCatalog.get().document(kind)));
        spec.commandLine().getOut().flush();
    }
}
