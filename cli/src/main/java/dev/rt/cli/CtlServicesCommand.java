package dev.rt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code rt ctl services}: the services of a runtime, one per row. */
@Command(name = "services", mixinStandardHelpOptions = true,
        description = "List the services of a running runtime: name, workers, type, status, and whether it is the entrypoint.")
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
        return ExitCodes.OK;
    }
}
