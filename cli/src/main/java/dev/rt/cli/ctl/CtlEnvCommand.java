package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.config.secret.Secrets;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code rt ctl env [-s service]}: environment variables as {@code NAME=value} lines; the values of secret-named
 * variables ({@code *_PASSWORD}, {@code *_SECRET}, {@code *_TOKEN}, {@code *_KEY}...) and URL passwords redacted.
 */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = "Print the environment of a running runtime, or what a service's workers get with -s, as NAME=value lines; secret-named variables and URL passwords show as [redacted].")
final class CtlEnvCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-s", "--service"}, paramLabel = "<service>", description = "Print this service's environment.")
    String service;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        var env = runtime.client().getJson(service == null ? "/env" : "/services/" + service + "/env");
        var out = spec.commandLine().getOut();
        Map<String, String> values = new LinkedHashMap<>();
        env.fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        Secrets.redactEnvironment(values).forEach((name, value) -> out.println(name + "=" + value));
        out.flush();
        return ExitCodes.OK;
    }
}
