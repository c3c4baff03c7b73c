package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rt ctl env [-s service]}: environment variables as {@code NAME=value} lines. */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = "Print the environment of a running runtime, or what a service's workers get with -s, as NAME=value lines.")
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
        env.fields().forEachRemaining(e -> out.println(e.getKey() + "=" + e.getValue().asText()));
        out.flush();
        return ExitCodes.OK;
    }
}
