package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.config.secret.Secrets;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rt ctl env [-s service]}: environment variables as {@code NAME=value} lines; the values of secret-named
 * variables ({@code *_PASSWORD}, {@code *_SECRET}, {@code *_TOKEN}, {@code *_KEY}...) and URL passwords redacted.
 */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = "Print the environment of a running runtime, or what a service's workers get with -s, as NAME=value lines; secret-named variables and URL passwords show as [redacted].")
final class CtlEnvCommand extends RuntimeDocumentCommand {
    @Option(names = {"-s", "--service"}, paramLabel = "<service>", description = "Print this service's environment.")
    String service;

    CtlEnvCommand() {
        super("env");
    }

    @Override
    Optional<String> service() {
        return Optional.ofNullable(service);
    }

    @Override
    void print(JsonNode document, PrintWriter out) {
        Map<String, String> values = new LinkedHashMap<>();
        document.fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        Secrets.redactEnvironment(values).forEach((name, value) -> out.println(name + "=" + value));
    }
}
