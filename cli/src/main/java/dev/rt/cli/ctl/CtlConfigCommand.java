package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.config.secret.Secrets;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code rt ctl config [-s service]}: the resolved configuration, as pretty JSON, its secrets redacted
 * ({@link Secrets}: secret-named fields such as {@code password}, {@code adminSecret} or a token, URL passwords).
 */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Print the configuration of a running runtime (resolved, with defaults), or of one of its "
                + "services with -s, as JSON; secrets (passwords, secrets, tokens, keys, URL passwords) show as "
                + "[redacted].")
final class CtlConfigCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-s", "--service"}, paramLabel = "<service>", description = "Print this service's own configuration.")
    String service;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        String path = service == null ? "/config" : "/services/" + service + "/config";
        var config = Secrets.redact(runtime.client().getJson(path), false);
        spec.commandLine().getOut().println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(config));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
