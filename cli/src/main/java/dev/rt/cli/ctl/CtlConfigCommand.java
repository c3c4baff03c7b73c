package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.config.secret.Secrets;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt ctl config [-s service]}: the resolved configuration, as pretty JSON, its secrets redacted
 * ({@link Secrets}: secret-named fields such as {@code password}, {@code adminSecret} or a token, URL passwords).
 */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Print the configuration of a running runtime (resolved, with defaults), or of one of its "
                + "services with -s, as JSON; secrets (passwords, secrets, tokens, keys, URL passwords) show as "
                + "[redacted].")
final class CtlConfigCommand extends RuntimeDocumentCommand {
    @Option(names = {"-s", "--service"}, paramLabel = "<service>", description = "Print this service's own configuration.")
    String service;

    CtlConfigCommand() {
        super("config");
    }

    @Override
    Optional<String> service() {
        return Optional.ofNullable(service);
    }

    @Override
    void print(JsonNode document, PrintWriter out) throws IOException {
        var config = Secrets.redact(document, false);
        out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(config));
    }
}
