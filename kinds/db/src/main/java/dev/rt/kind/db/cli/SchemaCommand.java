package dev.rt.kind.db.cli;

import dev.rt.kind.KindLog;
import dev.rt.kind.db.application.DbApplication;
import dev.rt.kind.db.application.DbSettings;
import dev.rt.kind.db.graphql.DbGraphQL;
import dev.rt.kind.db.openapi.OpenApiDocument;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code rt db schema graphql|openapi}: the generated schemas on standard output. */
@Command(name = "schema", mixinStandardHelpOptions = true, description = "Print the generated schemas.",
        subcommands = {SchemaCommand.GraphQL.class, SchemaCommand.OpenApi.class})
final class SchemaCommand {

    @Command(name = "graphql", mixinStandardHelpOptions = true, description = "Print the GraphQL schema (SDL).")
    static final class GraphQL extends DbCommand {
        @Override
        void run(ServiceConfigFile service, DbSettings settings, KindLog log) {
            try (DbApplication app = DbApplication.inspect(settings, owner(service), quiet(log))) {
                spec.commandLine().getOut().print(new DbGraphQL(app.entities(), app.events()).sdl());
                spec.commandLine().getOut().flush();
            }
        }
    }

    @Command(name = "openapi", mixinStandardHelpOptions = true, description = "Print the OpenAPI document (JSON).")
    static final class OpenApi extends DbCommand {
        @Override
        void run(ServiceConfigFile service, DbSettings settings, KindLog log) {
            try (DbApplication app = DbApplication.inspect(settings, owner(service), quiet(log))) {
                spec.commandLine().getOut().println(OpenApiDocument.json(OpenApiDocument.build(app.entities().model(),
                        settings.openapi().orElse(Map.of()))));
                spec.commandLine().getOut().flush();
            }
        }
    }

    /** The log of a command whose standard output is the schema: warnings only, on standard error. */
    private static KindLog quiet(KindLog log) {
        return new KindLog() {
            @Override
            public void debug(String message) {
            }

            @Override
            public void info(String message) {
            }

            @Override
            public void warn(String message) {
                log.warn(message);
            }

            @Override
            public void error(String message) {
                log.error(message);
            }

            @Override
            public void error(String message, Throwable cause) {
                log.error(message, cause);
            }
        };
    }
}
