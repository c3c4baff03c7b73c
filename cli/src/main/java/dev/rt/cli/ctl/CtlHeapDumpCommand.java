package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.OutputFiles;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rt ctl heap-dump -s <service[:N]> -o file.hprof}: an HPROF heap dump of a live worker. */
@Command(name = "heap-dump", mixinStandardHelpOptions = true,
        description = {"Write an HPROF heap dump (live objects) of a worker of a running runtime, taken inside the "
                + "worker's JVM and sent back through the management socket. Open it with a heap analyser "
                + "(Eclipse MAT, VisualVM, jhat-compatible tools)."})
final class CtlHeapDumpCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-s", "--service"}, required = true, paramLabel = "<service[:N]>",
            description = "The service (its first started worker), or service:N for worker N.")
    String service;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<file.hprof>", description = "Where to write the dump.")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        OutputFiles.checkWritable(spec.commandLine(), output, "-o");
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        long bytes = runtime.client().download("POST", "/services/" + service + "/heap-dump", output, Duration.ofMinutes(10));
        spec.commandLine().getOut().println("Wrote the heap dump of " + service + " to " + output + " (" + bytes + " bytes).");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
