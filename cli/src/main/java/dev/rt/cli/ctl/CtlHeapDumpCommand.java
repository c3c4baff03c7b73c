package dev.rt.cli.ctl;

import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rt ctl heap-dump -s <service[:N]> -o file.hprof}: an HPROF heap dump of a live worker. */
@Command(name = "heap-dump", mixinStandardHelpOptions = true,
        description = {"Write an HPROF heap dump (live objects) of a worker of a running runtime, taken inside the "
                + "worker's JVM and sent back through the management socket. Open it with a heap analyser "
                + "(Eclipse MAT, VisualVM, jhat-compatible tools)."})
final class CtlHeapDumpCommand extends WorkerRecordingCommand {
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "<file.hprof>", description = "Where to write the dump.")
    Path output;

    @Override
    Path output() {
        return output;
    }

    @Override
    String action() {
        return "heap-dump";
    }

    @Override
    Duration timeout() {
        return Duration.ofMinutes(10);
    }

    @Override
    String written(long bytes) {
        return "Wrote the heap dump of " + service + " to " + output + " (" + bytes + " bytes).";
    }
}
