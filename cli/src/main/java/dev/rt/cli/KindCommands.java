package dev.rt.cli;

import dev.rt.supervisor.config.ConfigKind;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

/**
 * The per-kind command groups of SPEC ({@code rt service ...}, {@code rt db ...}). So far each offers
 * {@code schema config}, printing that kind's configuration schema; the kinds' other commands come with the kinds.
 */
final class KindCommands {
    private KindCommands() {
    }

    /** {@code schema config} of one kind: prints that kind's configuration schema. */
    abstract static class SchemaConfig implements Callable<Integer> {
        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        abstract ConfigKind kind();

        @Override
        public Integer call() throws Exception {
            SchemaCommand.print(spec, kind());
            return ExitCodes.OK;
        }
    }

    @Command(name = "service", mixinStandardHelpOptions = true, description = "Commands of the plain HTTP service kind.",
            subcommands = ServiceSchema.class)
    static final class Service {
    }

    @Command(name = "schema", mixinStandardHelpOptions = true, description = "Schemas of the service kind.",
            subcommands = ServiceSchema.Config.class)
    static final class ServiceSchema {
        @Command(name = "config", mixinStandardHelpOptions = true,
                description = "Print the JSON Schema of a service application's configuration file.")
        static final class Config extends SchemaConfig {
            @Override
            ConfigKind kind() {
                return ConfigKind.SERVICE;
            }
        }
    }

    @Command(name = "db", mixinStandardHelpOptions = true, description = "Commands of the database application kind.",
            subcommands = DbSchema.class)
    static final class Db {
    }

    @Command(name = "schema", mixinStandardHelpOptions = true, description = "Schemas of the db kind.",
            subcommands = DbSchema.Config.class)
    static final class DbSchema {
        @Command(name = "config", mixinStandardHelpOptions = true,
                description = "Print the JSON Schema of a database application's configuration file.")
        static final class Config extends SchemaConfig {
            @Override
            ConfigKind kind() {
                return ConfigKind.DB;
            }
        }
    }
}
