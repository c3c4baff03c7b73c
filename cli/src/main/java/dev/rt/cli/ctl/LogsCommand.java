package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.cli.runtime.RuntimeReturn;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code rt logs}: follow a runtime's log until Ctrl-C (or until the runtime stops). A reload restarts the runtime in
 * its process with a new log: the command says so on stderr and follows the new log from its first line.
 */
@Command(name = "logs", mixinStandardHelpOptions = true,
        description = {"Follow the log of a running runtime until Ctrl-C or until it stops: its own lines and its "
                + "workers' output. With --start <file index> (see GET /api/v1/logs/indexes), first replay the kept "
                + "history from that file on. Across a reload (rt ctl reload), it follows the new log from its start."})
public final class LogsCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-l", "--level"}, paramLabel = "<level>", defaultValue = "info",
            description = "Minimum level: trace, debug, info, warn, error, fatal (default: ${DEFAULT-VALUE}).")
    String level;

    @Option(names = {"-s", "--service"}, paramLabel = "<service>",
            description = "Only this service's lines (default: all services and the runtime's own).")
    String service;

    @Option(names = "--pretty", negatable = true, defaultValue = "true", fallbackValue = "true", arity = "0..1",
            description = "Human-readable lines (default: ${DEFAULT-VALUE}); --no-pretty prints the JSON lines as they are.")
    boolean pretty;

    @Option(names = "--start", paramLabel = "<index>",
            description = "Replay the kept history from this log file index before following.")
    Integer start;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        LogFilter filter;
        try {
            filter = new LogFilter(level, Optional.ofNullable(service), pretty);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--level: " + e.getMessage());
        }
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        if (service != null) { // an unknown one fails with the API's error, which names the services there are
            runtime.client().getJson("/services/" + service + "/config");
        }
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        String from = start == null ? "" : "?start=" + start;
        while (true) {
            StringBuilder pending = new StringBuilder();
            try {
                runtime.client().stream("/logs/live" + from, chunk -> {
                    pending.append(chunk);
                    int newline;
                    while ((newline = pending.indexOf("\n")) >= 0) {
                        String line = pending.substring(0, newline);
                        pending.delete(0, newline + 1);
                        filter.apply(line).ifPresent(out::println);
                    }
                    out.flush();
                });
            } catch (IOException ended) {
                // the connection closed: the runtime stopped, or reloads (a new management server, a new log)
            }
            if (!RuntimeReturn.await(runtime.pid(), runtime.client(), RuntimeReturn.RELOAD)) {
                err.println("The runtime " + runtime.pid() + " has stopped.");
                break;
            }
            err.println("The runtime " + runtime.pid() + " has reloaded; following its new log from its start.");
            err.flush();
            from = "?start=0";
        }
        return ExitCodes.OK;
    }
}
