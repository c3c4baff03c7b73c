package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.output.OutputFiles;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What {@code rt ctl heap-dump} and {@code rt ctl profile} share: a file taken inside a live worker's JVM
 * ({@code POST /services/<service[:N]>/<action>}), streamed back through the management socket into {@code -o}.
 * Each command declares its {@code -o} option (the help names the file type) and says what it asks for.
 */
abstract class WorkerRecordingCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @Option(names = {"-s", "--service"}, required = true, paramLabel = "<service[:N]>",
            description = "The service (its first started worker), or service:N for worker N.")
    String service;

    @Spec
    CommandSpec spec;

    /** Where to write the file ({@code -o}). */
    abstract Path output();

    /** The action and its query, {@code heap-dump} or {@code profile?durationMillis=...}; checks its options. */
    abstract String action();

    /** How long the worker may take. */
    abstract Duration timeout();

    /** The line printed once the file of {@code bytes} bytes is written. */
    abstract String written(long bytes);

    @Override
    public final Integer call() throws IOException {
        OutputFiles.checkWritable(spec.commandLine(), output(), "-o");
        String action = action();
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        long bytes = runtime.client().download("POST", "/services/" + service + "/" + action, output(), timeout());
        spec.commandLine().getOut().println(written(bytes));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
