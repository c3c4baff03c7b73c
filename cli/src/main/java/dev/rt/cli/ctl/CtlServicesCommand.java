package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.TextTable;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import dev.rt.supervisor.process.WorkerCommand;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code rt ctl services}: the services of a runtime, one per row (with {@code -v}, then each worker's JVM and
 * command line); then, on stderr, a warning for each worker whose application listens on every interface, where
 * other machines reach it past the entrypoint.
 */
@Command(name = "services", mixinStandardHelpOptions = true,
        description = {"List the services of a running runtime: name, workers, type, status, and whether it is the "
                + "entrypoint. Warns about workers whose application listens on every network interface."})
final class CtlServicesCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @CommandLine.Option(names = "-v", description = "Also print each worker's JVM (and each spare JVM): its pid, status, "
            + "command line and its application's arguments (--verbose, rt's global option, does the same here).")
    boolean verbose;

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
        var global = spec.findOption("--verbose");
        if (verbose || (global != null && Boolean.TRUE.equals(global.getValue()))) {
            printProcesses(services);
        }
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

    /** {@code api:0 (pid 123, started)}, then its command line and its application's arguments, indented. */
    private void printProcesses(JsonNode services) {
        var out = spec.commandLine().getOut();
        for (JsonNode service : services.path("services")) {
            for (JsonNode process : service.path("processes")) {
                out.println();
                out.println(service.path("id").asText() + ":" + process.path("worker").asInt() + " (pid "
                        + process.path("pid").asLong() + ", " + process.path("status").asText() + ")");
                out.println("  " + words(process.path("command")));
                if (!process.path("arguments").isEmpty()) {
                    out.println("  arguments: " + words(process.path("arguments")));
                }
            }
        }
    }

    /** Words as a POSIX shell would read them back. */
    private static String words(JsonNode array) {
        List<String> words = new ArrayList<>();
        array.forEach(word -> words.add(word.asText()));
        return WorkerCommand.display(words);
    }
}
