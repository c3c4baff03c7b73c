package dev.rt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code rt ctl services}: the services of a runtime, one per row; then, on stderr, a warning for each worker whose
 * application listens on every interface, where other machines reach it past the entrypoint.
 */
@Command(name = "services", mixinStandardHelpOptions = true,
        description = {"List the services of a running runtime: name, workers, type, status, and whether it is the "
                + "entrypoint. Warns about workers whose application listens on every network interface."})
final class CtlServicesCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        JsonNode services = runtime.client().getJson("/services");
        TextTable table = new TextTable("NAME", "WORKERS", "TYPE", "STATUS", "ENTRYPOINT");
        for (JsonNode service : services.path("services")) {
            table.row(service.path("id").asText(), service.path("workers").asText(), service.path("type").asText(),
                    service.path("status").asText(), service.path("entrypoint").asBoolean() ? "yes" : "no");
        }
        table.print(spec.commandLine().getOut());
        spec.commandLine().getOut().flush(); // the table before the warnings, where both go to one terminal
        for (JsonNode service : services.path("services")) {
            for (JsonNode listener : service.path("listeners")) {
                if (listener.path("everyInterface").asBoolean()) {
                    String address = listener.path("address").asText();
                    spec.commandLine().getErr().println("rt: warning: the worker " + listener.path("worker").asInt()
                            + " of the service \"" + service.path("id").asText() + "\" listens on "
                            + (address.contains(":") ? "[" + address + "]" : address) + ":" + listener.path("port").asInt()
                            + ", every network interface: other machines reach it there past rt's entrypoint; bind it"
                            + " to 127.0.0.1 (see the README)");
                }
            }
        }
        spec.commandLine().getErr().flush();
        return ExitCodes.OK;
    }
}
