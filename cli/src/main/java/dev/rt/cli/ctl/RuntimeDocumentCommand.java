package dev.rt.cli.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What {@code rt ctl config} and {@code rt ctl env} share: one JSON document of a running runtime, {@code /<name>},
 * or of one of its services, {@code /services/<service>/<name>}, printed by the command. Each command declares its
 * own {@code -s} option (the help text names what it prints) and hands it in through {@link #service()}.
 */
abstract class RuntimeDocumentCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Spec
    CommandSpec spec;

    private final String name;

    RuntimeDocumentCommand(String name) {
        this.name = name;
    }

    /** The service whose document to print; empty for the runtime's own. */
    abstract Optional<String> service();

    /** Prints the document (its secrets redacted). */
    abstract void print(JsonNode document, PrintWriter out) throws IOException;

    @Override
    public final Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        String path = service().map(service -> "/services/" + service + "/" + name).orElse("/" + name);
        PrintWriter out = spec.commandLine().getOut();
        print(runtime.client().getJson(path), out);
        out.flush();
        return ExitCodes.OK;
    }
}
