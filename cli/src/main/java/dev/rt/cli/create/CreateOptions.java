package dev.rt.cli.create;

import dev.rt.config.error.ErrorCode;
import dev.rt.config.error.RtException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every {@code create} command has: where, the server's address, and what to do after writing. */
final class CreateOptions {
    @Option(names = "--dir", paramLabel = "<dir>", description = "The directory to create the project in: new or empty"
            + " (see --force). Default: the current directory for rt create; for rt <kind> create, <autoload"
            + " folder>/<name> inside a runtime's directory, else the current directory.")
    Path dir;

    @Option(names = {"-n", "--name"}, paramLabel = "<id>", description = "The service's id: lower-case letters, digits"
            + " and dashes (it becomes <id>.rt.local). Default: the directory's name, else the kind's own default.")
    String name;

    @Option(names = "--port", paramLabel = "<port>", defaultValue = "3042",
            description = "The port it listens on, written to .env as PORT (default ${DEFAULT-VALUE}): rt create's"
                    + " runtime's; for rt <kind> create, the application's own when rt start runs it alone (inside a"
                    + " runtime's directory, refused: the runtime's .env says).")
    String port;

    @Option(names = "--hostname", paramLabel = "<host>", defaultValue = "0.0.0.0",
            description = "The address it listens on, written to .env as RT_SERVER_HOSTNAME (default"
                    + " ${DEFAULT-VALUE}), like --port.")
    String hostname;

    @Option(names = "--git", negatable = true, arity = "0..1", defaultValue = "true", fallbackValue = "true",
            paramLabel = "<boolean>", description = "Make the project a git repository with a first commit (default"
                    + " ${DEFAULT-VALUE}; none inside an existing repository).")
    boolean git;

    @Option(names = "--install", negatable = true, arity = "0..1", defaultValue = "true", fallbackValue = "true",
            paramLabel = "<boolean>", description = "Run rt install afterwards: rt's artifacts into the local Maven"
                    + " repository, each service's dependencies fetched (default ${DEFAULT-VALUE}).")
    boolean install;

    @Option(names = "--plugin", negatable = true, arity = "0..1", defaultValue = "true", fallbackValue = "true",
            paramLabel = "<boolean>", description = "Write the sample plugin and its test (default ${DEFAULT-VALUE}).")
    boolean plugin;

    @Option(names = {"-t", "--typescript"}, arity = "0..1", defaultValue = "false", fallbackValue = "true",
            paramLabel = "<boolean>", description = "Refused: rt writes Java projects (plugins are compiled by javac).")
    boolean typescript;

    @Option(names = "--force", description = "Add the project to a directory that already holds files (none is ever"
            + " overwritten: a file in the way stops the command before anything is written).")
    boolean force;

    /** Refuses what has no meaning, before anything is written. */
    void check() {
        if (typescript) {
            throw new RtException(ErrorCode.USAGE, "--typescript: rt writes Java projects, whose plugins javac compiles;"
                    + " TypeScript has no meaning on the JVM (leave the option out)");
        }
        int number;
        try {
            number = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            number = -1;
        }
        if (number < 0 || number > 65535) {
            throw new RtException(ErrorCode.USAGE, "--port: must be a port number from 0 to 65535, found \"" + port + "\"");
        }
        if (hostname.isBlank() || hostname.chars().anyMatch(Character::isWhitespace)) {
            throw new RtException(ErrorCode.USAGE, "--hostname: must be a host name or address, found \"" + hostname + "\"");
        }
    }
}
