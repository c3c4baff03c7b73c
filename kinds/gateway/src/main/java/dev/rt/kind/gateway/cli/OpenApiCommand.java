package dev.rt.kind.gateway.cli;

import picocli.CommandLine.Command;

/** {@code rt gateway|composer openapi schemas fetch}. */
@Command(name = "openapi", mixinStandardHelpOptions = true, description = "The OpenAPI documents of the applications.",
        subcommands = OpenApiCommand.Schemas.class)
public final class OpenApiCommand {

    @Command(name = "schemas", mixinStandardHelpOptions = true, description = "The applications' documents.",
            subcommands = FetchCommand.class)
    static final class Schemas {
    }
}
