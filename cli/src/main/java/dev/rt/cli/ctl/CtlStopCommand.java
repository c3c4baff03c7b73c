package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code rt ctl stop}: stop a runtime gracefully, and wait until its process has ended. */
@Command(name = "stop", mixinStandardHelpOptions = true,
        description = "Stop a running runtime gracefully (as SIGTERM would) and wait until its process has exited.")
final class CtlStopCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        runtime.client().call("POST", "/stop");
        var process = ProcessHandle.of(runtime.pid());
        if (process.isPresent()) {
            try {
                process.get().onExit().get(5, TimeUnit.MINUTES);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                spec.commandLine().getErr().println("rt: warning: runtime " + runtime.pid() + " is still running");
            }
        }
        spec.commandLine().getOut().println("Stopped the runtime " + runtime.describe() + ".");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
