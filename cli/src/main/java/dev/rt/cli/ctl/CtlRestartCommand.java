package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.ManagementClient;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code rt ctl restart [service...]}: replace workers one at a time, with no downtime. */
@Command(name = "restart", mixinStandardHelpOptions = true,
        description = {"Restart the services of a running runtime (all, or those named), replacing their workers one "
                + "at a time so that every service keeps answering. Picks up changed application code, not the runtime "
                + "configuration (use rt ctl reload for that). Returns once every worker has been replaced."})
final class CtlRestartCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Parameters(paramLabel = "<service>", arity = "0..*", description = "Services to restart (default: all).")
    List<String> services = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        ObjectNode body = new ObjectMapper().createObjectNode();
        if (!services.isEmpty()) {
            services.forEach(body.putArray("services")::add);
        }
        ManagementClient.checked(runtime.client().request("POST", "/restart",
                List.of(Map.entry("content-type", "application/json")), body.toString().getBytes(), Duration.ofMinutes(10)));
        spec.commandLine().getOut().println("Restarted " + (services.isEmpty() ? "every service" : String.join(", ", services))
                + " of the runtime " + runtime.pid() + ".");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
