package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rt ctl metrics [-f text|json]}: the runtime's metrics. */
@Command(name = "metrics", mixinStandardHelpOptions = true,
        description = "Print the metrics of a running runtime: Prometheus text (-f text) or JSON (-f json, the default).")
final class CtlMetricsCommand implements Callable<Integer> {
    enum Format { text, json }

    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-f", "--format"}, paramLabel = "<format>", defaultValue = "json",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        String accept = format == Format.json ? "application/json" : "text/plain";
        var response = ManagementClient.checked(runtime.client().request("GET", "/metrics",
                List.of(Map.entry("accept", accept)), new byte[0], Duration.ofSeconds(30)));
        spec.commandLine().getOut().print(response.text());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
