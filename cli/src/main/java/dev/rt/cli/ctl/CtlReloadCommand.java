package dev.rt.cli.ctl;

import dev.rt.cli.output.ExitCodes;
import dev.rt.cli.runtime.RuntimeChoice;
import dev.rt.supervisor.management.RuntimeInfo;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code rt ctl reload}: restart the whole runtime in its process, reading its configuration again. */
@Command(name = "reload", mixinStandardHelpOptions = true,
        description = {"Reload a running runtime: every service stops, the configuration file is read again and the "
                + "runtime starts anew in the same process (same pid). A configuration that no longer loads is "
                + "logged by the runtime, which then goes on as it was; one that loads but cannot start (its port is "
                + "taken, say) is logged, and the runtime starts again as it was. See the outcome with rt logs."})
final class CtlReloadCommand implements Callable<Integer> {
    @Mixin
    RuntimeChoice choice;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RuntimeInfo runtime = choice.select(spec.commandLine().getErr());
        runtime.client().call("POST", "/reload");
        spec.commandLine().getOut().println("The runtime " + runtime.pid() + " is reloading.");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
